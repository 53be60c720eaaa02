//! Fonts: the app's Noto Sans subsets (`assets/fonts/`, OFL) for the scripts
//! egui's built-in fonts lack, and the system-font fallback only when
//! fontconfig has fonts (eframe panics otherwise). Every glyph shows its
//! U+XXXX too, so a missing font hides nothing.

use eframe::egui;
use egui::{FontData, FontDefinitions, FontFamily};
use std::path::Path;
use std::sync::Arc;

/// The bundled fonts: (name, file contents).
/// Made by `scripts/make-fonts.py` (the CJK one is a subset of common characters).
const APP_FONTS: [(&str, &[u8]); 6] = [
    (
        "NotoSansHebrew",
        include_bytes!("../../assets/fonts/NotoSansHebrew-Regular.ttf"),
    ),
    (
        "NotoSansArabic",
        include_bytes!("../../assets/fonts/NotoSansArabic-Regular.ttf"),
    ),
    ("NotoSansThai", include_bytes!("../../assets/fonts/NotoSansThai-Regular.ttf")),
    (
        "NotoSansDevanagari",
        include_bytes!("../../assets/fonts/NotoSansDevanagari-Regular.ttf"),
    ),
    (
        "NotoSansSinhala",
        include_bytes!("../../assets/fonts/NotoSansSinhala-Regular.ttf"),
    ),
    (
        "NotoSansCJK-Common",
        include_bytes!("../../assets/fonts/NotoSansCJK-Common-Regular.otf"),
    ),
];

/// egui's monospace font, also used as a fallback for proportional text:
/// it has the arrows and geometric shapes (→, ◌) its proportional font lacks.
const EGUI_MONOSPACE: &str = "Hack";

/// Adds the bundled fonts to both families of `ctx`, after egui's own fonts
/// (so Latin text keeps egui's look). Call once at start-up; tests call it too.
pub fn install_app_fonts(ctx: &egui::Context) {
    let mut fonts = FontDefinitions::default();
    fonts
        .families
        .entry(FontFamily::Proportional)
        .or_default()
        .push(EGUI_MONOSPACE.to_string());
    for (name, data) in APP_FONTS {
        fonts
            .font_data
            .insert(name.to_string(), Arc::new(FontData::from_static(data)));
        for family in [FontFamily::Proportional, FontFamily::Monospace] {
            fonts.families.entry(family).or_default().push(name.to_string());
        }
    }
    ctx.set_fonts(fonts);
}

/// True when it is safe to turn on eframe's system-font fallback: fontconfig
/// is configured and at least one font file exists in its usual folders.
/// eframe's fallback panics when fontconfig knows no fonts at all.
pub fn system_fonts_available() -> bool {
    if cfg!(target_os = "linux") {
        let configured = Path::new("/etc/fonts/fonts.conf").exists();
        let home = std::env::var_os("HOME").map(|home| Path::new(&home).join(".local/share/fonts"));
        let folders = ["/usr/share/fonts", "/usr/local/share/fonts"]
            .map(Into::into)
            .into_iter()
            .chain(home);
        configured
            && folders
                .into_iter()
                .any(|folder: std::path::PathBuf| has_font_file(&folder, 4))
    } else {
        true
    }
}

/// Whether `folder` (searched `depth` levels deep) holds a .ttf/.otf/.ttc file.
fn has_font_file(folder: &Path, depth: u32) -> bool {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return false;
    };
    entries.flatten().any(|entry| {
        let path = entry.path();
        if path.is_dir() {
            depth > 0 && has_font_file(&path, depth - 1)
        } else {
            let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
            matches!(extension.as_str(), "ttf" | "otf" | "ttc")
        }
    })
}
