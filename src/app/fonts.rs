//! Fonts: the app's Noto Sans subsets (`assets/fonts/`, OFL) for the scripts
//! egui's built-in fonts lack — every code point of the bundled LGRs — and
//! the system-font fallback only when fontconfig has fonts (eframe panics
//! otherwise). Every glyph shows its U+XXXX too, and the window names the
//! characters no bundled font draws ([`BundledGlyphs`]).

use eframe::egui;
use egui::{FontData, FontDefinitions, FontFamily};
use std::path::Path;
use std::sync::Arc;

/// `(name, file contents)` of the file `assets/fonts/NAME.EXTENSION`.
macro_rules! font {
    ($name:literal, $extension:literal) => {
        (
            $name,
            include_bytes!(concat!("../../assets/fonts/", $name, ".", $extension)).as_slice(),
        )
    };
}

/// The bundled fonts, in fallback order after egui's own: (name, file
/// contents). Made by `scripts/make-fonts.py`, which subsets each to what
/// the fonts before it lack, in this order; together they draw every code
/// point of the bundled LGRs (tests/glyphs.rs).
const APP_FONTS: [(&str, &[u8]); 22] = [
    font!("NotoSansHebrew-Regular", "ttf"),
    font!("NotoSansArabic-Regular", "ttf"),
    font!("NotoSansThai-Regular", "ttf"),
    font!("NotoSansDevanagari-Regular", "ttf"),
    font!("NotoSansSinhala-Regular", "ttf"),
    font!("NotoSans-Extra", "ttf"),
    font!("NotoSansBengali-Subset", "ttf"),
    font!("NotoSansGujarati-Subset", "ttf"),
    font!("NotoSansGurmukhi-Subset", "ttf"),
    font!("NotoSansOriya-Subset", "ttf"),
    font!("NotoSansTamil-Subset", "ttf"),
    font!("NotoSansTelugu-Subset", "ttf"),
    font!("NotoSansKannada-Subset", "ttf"),
    font!("NotoSansMalayalam-Subset", "ttf"),
    font!("NotoSansThaana-Subset", "ttf"),
    font!("NotoSansMyanmar-Subset", "ttf"),
    font!("NotoSansKhmer-Subset", "ttf"),
    font!("NotoSansLao-Subset", "ttf"),
    font!("NotoSansEthiopic-Subset", "ttf"),
    font!("NotoSansBalinese-Subset", "ttf"),
    font!("NotoSansCanadianAboriginal-Subset", "ttf"),
    font!("NotoSansCJK-Regular-Subset", "otf"),
];

/// egui's monospace font, also used as a fallback for proportional text:
/// it has the arrows and geometric shapes (→, ◌) its proportional font lacks.
const EGUI_MONOSPACE: &str = "Hack";

/// egui's fonts with the bundled ones after them in both families (so Latin
/// text keeps egui's look): what [`install_app_fonts`] installs.
pub fn app_font_definitions() -> FontDefinitions {
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
    fonts
}

/// Installs [`app_font_definitions`] in `ctx`. Call once at start-up; tests call it too.
pub fn install_app_fonts(ctx: &egui::Context) {
    ctx.set_fonts(app_font_definitions());
}

/// The bundled fonts alone (no system font), to tell which characters
/// draw only with an installed font.
pub struct BundledGlyphs {
    fonts: egui::epaint::text::Fonts,
}

impl Default for BundledGlyphs {
    fn default() -> Self {
        BundledGlyphs {
            fonts: egui::epaint::text::Fonts::new(Default::default(), app_font_definitions()),
        }
    }
}

impl BundledGlyphs {
    /// True when a bundled font (or egui's) has a glyph for `c` in
    /// `family`; also true for characters egui draws as nothing (controls,
    /// joiners, variation selectors).
    pub fn has(&mut self, family: &FontFamily, c: char) -> bool {
        self.fonts.has_glyph(&egui::FontId::new(14.0, family.clone()), c)
    }

    /// The distinct characters of `text` no bundled proportional font draws, in text order.
    pub fn missing(&mut self, text: &str) -> Vec<char> {
        let mut missing: Vec<char> = Vec::new();
        for c in text.chars() {
            if !missing.contains(&c) && !self.has(&FontFamily::Proportional, c) {
                missing.push(c);
            }
        }
        missing
    }
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

/// The line under the results naming the characters of the name that no
/// bundled font draws (they show only with an installed font, or as a box).
#[derive(Default)]
pub(crate) struct GlyphNote {
    /// Made at the first name with a non-ASCII character.
    glyphs: Option<BundledGlyphs>,
    /// The text last checked and its characters without a bundled glyph.
    last: Option<(String, Vec<char>)>,
}

/// Characters shown in the note before "and N more".
const NOTE_CHARS: usize = 6;

impl GlyphNote {
    /// The note for `text` (the name as typed and its ToUnicode), when it needs one.
    pub fn ui(&mut self, ui: &mut egui::Ui, text: &str) {
        if text.is_ascii() {
            return;
        }
        if self.last.as_ref().is_none_or(|(last, _)| last != text) {
            let missing = self.glyphs.get_or_insert_with(BundledGlyphs::default).missing(text);
            self.last = Some((text.to_string(), missing));
        }
        if let Some((_, missing)) = &self.last
            && let Some(sentence) = sentence(missing)
        {
            ui.label(egui::RichText::new(sentence).color(ui.visuals().warn_fg_color));
        }
    }
}

/// "No bundled glyph for U+2A700 𪜀: …; install fonts-noto-cjk …", or `None` when nothing is missing.
pub(crate) fn sentence(missing: &[char]) -> Option<String> {
    if missing.is_empty() {
        return None;
    }
    let mut named: Vec<String> = missing
        .iter()
        .take(NOTE_CHARS)
        .map(|&c| format!("{} {c}", crate::display::code_point_label(c)))
        .collect();
    if missing.len() > NOTE_CHARS {
        named.push(format!("and {} more", missing.len() - NOTE_CHARS));
    }
    // The bundled CJK font has every ideograph Noto Sans CJK has; HanaMin
    // (fonts-hanazono) has most of the other CJK Extension ideographs.
    let package = if missing
        .iter()
        .any(|&c| matches!(c as u32, 0x3400..=0x4DBF | 0x20000..=0x3FFFF))
    {
        "fonts-hanazono"
    } else {
        "fonts-noto-core or fonts-noto-extra"
    };
    Some(format!(
        "No bundled glyph for {}: shown only if an installed font has it (on Debian or Ubuntu, install {package}).",
        named.join(", ")
    ))
}
