//! Glyphs of rows not shown yet: egui rasterizes a glyph the first time
//! text with it is laid out, so a row first reached by scrolling or sorting
//! would pay for its new glyphs in the frame that shows it. The job notes
//! where each code point first occurs ([`note_new_chars`], on its thread,
//! where the record is at hand), and the window lays out those records'
//! names unseen, a few a frame.

use crate::batch::{RecordBuf, ResultKind};
use eframe::egui;
use egui::text::{LayoutJob, TextFormat};
use egui::{Color32, FontId, TextStyle, Ui};
use std::collections::{HashSet, VecDeque};
use web_time::{Duration, Instant};

use super::store::RecordStore;

/// How long a frame may spend on glyphs of rows not shown.
pub(super) const BUDGET: Duration = Duration::from_millis(2);

/// The atlas fill ratio above which no more glyphs are made ahead: egui
/// empties the atlas above 0.8, and the rows on screen need room.
const FILL_LIMIT: f32 = 0.5;

/// A set of code points: ASCII and the BMP as bits, the rest hashed.
#[derive(Default)]
pub(super) struct CharSet {
    ascii: u128,
    bmp: Vec<u64>,
    astral: HashSet<char>,
}

impl CharSet {
    pub fn contains(&self, c: char) -> bool {
        let code = c as usize;
        if code < 0x80 {
            return self.ascii & (1 << code) != 0;
        }
        match code < 0x10000 {
            true => self.bmp.get(code / 64).is_some_and(|word| word & (1 << (code % 64)) != 0),
            false => self.astral.contains(&c),
        }
    }

    /// Adds `c`; true when it was not in the set.
    pub fn insert(&mut self, c: char) -> bool {
        let code = c as usize;
        if code < 0x80 {
            let new = self.ascii & (1 << code) == 0;
            self.ascii |= 1 << code;
            return new;
        }
        if code >= 0x10000 {
            return self.astral.insert(c);
        }
        if self.bmp.is_empty() {
            self.bmp = vec![0; 0x10000 / 64];
        }
        let (word, bit) = (&mut self.bmp[code / 64], 1 << (code % 64));
        let new = *word & bit == 0;
        *word |= bit;
        new
    }

    /// Whether `text` holds a code point not in the set.
    pub fn has_new(&self, text: &str) -> bool {
        match text.is_ascii() {
            true => text.bytes().any(|b| self.ascii & (1 << b) == 0),
            false => text.chars().any(|c| !self.contains(c)),
        }
    }
}

/// Notes in `new` (as code point, `index`) each code point of `record`'s
/// names not in `seen`, and adds them to it. The job calls this on each
/// record it sends, `index` being the record's place in its chunk.
pub(super) fn note_new_chars(seen: &mut CharSet, record: &RecordBuf, index: u32, new: &mut Vec<(char, u32)>) {
    for text in names(record.input(), record.result(ResultKind::ToUnicode)) {
        if seen.has_new(text) {
            new.extend(text.chars().filter(|&c| seen.insert(c)).map(|c| (c, index)));
        }
    }
}

/// The code points laid out so far and the first occurrences left to lay out.
#[derive(Default)]
pub(super) struct GlyphWarmer {
    /// First occurrences in this run not laid out yet: a code point and the
    /// index of a record holding it.
    queue: VecDeque<(char, u32)>,
    laid_out: CharSet,
    /// The scale and atlas fill the glyphs were made at: a change of scale,
    /// or an atlas emptied by egui, means they are gone.
    pixels_per_point: f32,
    fill: f32,
}

impl GlyphWarmer {
    /// A new run (the glyphs stay made).
    pub fn restart(&mut self) {
        self.queue.clear();
    }

    /// The first occurrences of a chunk whose first record is record `first`.
    pub fn queue(&mut self, new: &[(char, u32)], first: usize) {
        self.queue.extend(new.iter().map(|&(c, index)| (c, first as u32 + index)));
    }

    /// True while first occurrences are left to lay out.
    pub fn pending(&self) -> bool {
        !self.queue.is_empty()
    }

    /// Lays out, unseen and within `budget`, the shown names of the records
    /// of the next first occurrences not laid out yet. Returns true while
    /// some are left (the caller asks for a frame).
    pub fn warm(&mut self, ui: &Ui, records: &RecordStore, budget: Duration) -> bool {
        let started = Instant::now();
        let font = TextStyle::Monospace.resolve(ui.style());
        let (pixels_per_point, fill) = (
            ui.ctx().pixels_per_point(),
            ui.ctx().fonts(|fonts| fonts.font_atlas_fill_ratio()),
        );
        if pixels_per_point != self.pixels_per_point || fill < self.fill {
            // Another scale, or an emptied atlas: what was made is gone.
            self.laid_out = CharSet::default();
            self.pixels_per_point = pixels_per_point;
        }
        self.fill = fill;
        if fill > FILL_LIMIT {
            self.queue.clear();
            return false;
        }
        while let Some((c, index)) = self.queue.pop_front() {
            if self.laid_out.contains(c) {
                continue;
            }
            let record = &records[index as usize];
            for text in names(record.input(), record.result(ResultKind::ToUnicode)) {
                if !self.laid_out.has_new(text) {
                    continue;
                }
                // The name as shown gives the shapes a script takes in context (Arabic's joined forms),
                // each code point alone the shape it has anywhere else.
                lay_out_at_offsets(ui, &shown(text), &font);
                let mut single = [0; 4];
                for c in text.chars() {
                    if self.laid_out.insert(c) {
                        lay_out_at_offsets(ui, c.encode_utf8(&mut single), &font);
                    }
                }
            }
            if started.elapsed() >= budget {
                break;
            }
        }
        self.fill = ui.ctx().fonts(|fonts| fonts.font_atlas_fill_ratio());
        self.pending()
    }
}

/// The names of a record the table shows in monospace: the input and
/// ToUnicode (ToASCII is ASCII, and its characters are in the others).
fn names<'a>(input: &'a str, to_unicode: &'a str) -> [&'a str; 2] {
    [input, to_unicode]
}

/// `text` as a cell shows it: in display order (egui does not reorder).
pub(super) fn shown(text: &str) -> String {
    crate::display::visual_order(text).unwrap_or_else(|| text.to_string())
}

/// egui renders a glyph apart for each quarter-pixel position it starts
/// at ("sub-pixel bins"): a text is laid out starting at each.
const BINS: usize = 4;

/// Lays `text` out in `font` (the table's names are monospace) shifted by
/// 0, ¼, ½ and ¾ of a physical pixel, which makes its glyphs at each
/// sub-pixel position; nothing is drawn.
fn lay_out_at_offsets(ui: &Ui, text: &str, font: &FontId) {
    let pixel = 1.0 / ui.ctx().pixels_per_point();
    ui.ctx().fonts_mut(|fonts| {
        for bin in 0..BINS {
            let mut job = LayoutJob::default();
            let shift = bin as f32 * pixel / BINS as f32;
            job.append(text, shift, TextFormat::simple(font.clone(), Color32::PLACEHOLDER));
            fonts.layout_job(job);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::{InputFormat, ItemReader, convert_each};
    use crate::{Options, Uts46};
    use std::ops::ControlFlow;

    /// Names in a dozen scripts, Arabic and Hebrew among them (shown reordered).
    const NAMES: &str = "bücher.de\nпример.рф\nδοκιμή.gr\n例え.テスト\n中文网.中国\n한국.kr\n\
        مثال.إختبار\nדוגמה.טעסט\nउदाहरण.भारत\nตัวอย่าง.ไทย\nexample.com\nஉதாரணம்.இந்தியா\nbücher.de\n";

    /// The records of [`NAMES`] and their first occurrences, as the job makes them.
    fn records() -> (RecordStore, Vec<(char, u32)>) {
        let items = ItemReader::new(NAMES.as_bytes(), &InputFormat::Lines).unwrap();
        let mut chunk = super::super::store::Chunk::default();
        let (mut seen, mut new) = (CharSet::default(), Vec::new());
        convert_each(&Uts46::new(), &Options::default(), None, &mut { items }, |record, _| {
            note_new_chars(&mut seen, record, chunk.records.len() as u32, &mut new);
            chunk.records.push(record.to_record());
            Ok(ControlFlow::Continue(()))
        })
        .unwrap();
        let mut store = RecordStore::default();
        store.push_chunk(chunk);
        (store, new)
    }

    /// Whether a frame drawing `texts` in monospace had to make glyphs.
    fn drawing_makes_glyphs(ctx: &egui::Context, texts: &[String]) -> bool {
        frame(ctx, |ui| {
            for text in texts {
                ui.monospace(text);
            }
        })
    }

    /// Runs one frame of `ui`; whether it changed a texture (made glyphs).
    /// The texture changes are dropped, as no renderer takes them.
    fn frame(ctx: &egui::Context, ui: impl FnMut(&mut Ui)) -> bool {
        let mut output = ctx.run_ui(egui::RawInput::default(), ui);
        let changed = !output.textures_delta.set.is_empty();
        output.textures_delta.clear();
        changed
    }

    /// Every record's names as the table shows them.
    fn shown_names(records: &RecordStore) -> Vec<String> {
        records
            .iter()
            .flat_map(|record| names(record.input(), record.result(ResultKind::ToUnicode)).map(shown))
            .collect()
    }

    /// The names of scripts egui draws a glyph per character (no joined
    /// forms), their characters rearranged: each character after every
    /// other one, so that it stands at many sub-pixel positions.
    fn rearranged(records: &RecordStore) -> Vec<String> {
        let shaped = |c: char| matches!(c, '\u{0600}'..='\u{06FF}' | '\u{0900}'..='\u{0DFF}' | '\u{0E00}'..='\u{0E7F}');
        let chars: Vec<char> = shown_names(records).concat().chars().filter(|&c| !shaped(c)).collect();
        chars.iter().map(|&c| chars.iter().flat_map(|&d| [d, c]).collect()).collect()
    }

    fn context(pixels_per_point: f32) -> egui::Context {
        let ctx = egui::Context::default();
        ctx.set_pixels_per_point(pixels_per_point);
        crate::app::install_app_fonts(&ctx);
        // The first frames upload the atlas with egui's own text.
        for _ in 0..2 {
            frame(&ctx, |ui| {
                ui.label("warm-up");
            });
        }
        ctx
    }

    /// The job notes each code point once, at the first record holding it.
    #[test]
    fn first_occurrences_are_noted_once() {
        let (records, new) = records();
        let mut chars: Vec<char> = new.iter().map(|&(c, _)| c).collect();
        let count = chars.len();
        chars.sort_unstable();
        chars.dedup();
        assert_eq!(chars.len(), count, "no code point twice");
        assert!(new.iter().all(|&(c, index)| {
            names(
                records[index as usize].input(),
                records[index as usize].result(ResultKind::ToUnicode),
            )
            .iter()
            .any(|name| name.contains(c))
        }));
        let last = records.len() as u32 - 1;
        assert!(new.iter().all(|&(_, index)| index != last), "the last name repeats the first");
    }

    /// After the warmer has laid out every first occurrence, drawing any
    /// name makes no glyph, nor does drawing their characters in other
    /// orders; without it, the same drawing does.
    #[test]
    fn warmed_names_draw_without_new_glyphs() {
        for pixels_per_point in [1.0, 1.75, 2.0] {
            warmed_names_draw_without_new_glyphs_at(pixels_per_point);
        }
    }

    fn warmed_names_draw_without_new_glyphs_at(pixels_per_point: f32) {
        let (records, new) = records();
        let cold = context(pixels_per_point);
        assert!(
            drawing_makes_glyphs(&cold, &shown_names(&records)),
            "the names need glyphs of their own"
        );

        let ctx = context(pixels_per_point);
        let mut warmer = GlyphWarmer::default();
        warmer.queue(&new, 0);
        let mut frames = 0;
        while warmer.pending() {
            frame(&ctx, |ui| {
                warmer.warm(ui, &records, BUDGET);
            });
            frames += 1;
            assert!(frames < 1000, "the warmer does not finish");
        }
        assert!(
            !drawing_makes_glyphs(&ctx, &shown_names(&records)),
            "every glyph was made ahead ({pixels_per_point})"
        );
        assert!(
            !drawing_makes_glyphs(&ctx, &rearranged(&records)),
            "at every sub-pixel position ({pixels_per_point})"
        );
    }

    /// A new run drops what is queued and keeps what was laid out.
    #[test]
    fn restart_drops_the_queue_and_keeps_the_glyphs() {
        let mut warmer = GlyphWarmer::default();
        warmer.laid_out.insert('ü');
        warmer.queue(&[('é', 3)], 10);
        assert_eq!(warmer.queue.front(), Some(&('é', 13)));
        warmer.restart();
        assert!(!warmer.pending() && warmer.laid_out.contains('ü'));
    }

    #[test]
    fn char_set_holds_ascii_bmp_and_beyond() {
        let mut set = CharSet::default();
        for c in ['a', '\u{7F}', 'ü', '\u{FFFD}', '\u{20000}'] {
            assert!(
                !set.contains(c) && set.insert(c) && set.contains(c) && !set.insert(c),
                "{c:?}"
            );
        }
        assert!(!set.has_new("a") && set.has_new("ab") && !set.has_new("aü\u{20000}") && set.has_new("é"));
    }
}
