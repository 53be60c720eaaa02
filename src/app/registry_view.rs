//! The "Registry (LGR)" tab: the name's label against one of ICANN's Label
//! Generation Rulesets (RFC 7940) or a registry's own file — the sentence
//! support staff need, each code point in or out of the repertoire with the
//! context rule that decided, the action that fired with its rule as the
//! matcher sees it, the index label and the variant labels.

use super::widgets::{code_point, error_color, ok_color};
use crate::lgr::LgrSet;
use crate::names::char_name;
use crate::registry::{LabelCheck, RegistryCheck, Ruleset, disposition_counts, tag_for_name};
use crate::spoof::ProtectedList;
use eframe::egui;
use egui::{RichText, Ui};
use std::collections::HashMap;
#[cfg(not(target_arch = "wasm32"))]
use std::path::Path;
use std::sync::Arc;

/// Which ruleset is chosen: a bundled set and tag (the tag `None` until the
/// user picks one: then it follows the name), or a loaded file.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Choice {
    Bundled { set: LgrSet, tag: Option<String> },
    File(String),
}

/// What a check depends on: ruleset name, input, ToUnicode, protected generation.
type CheckKey = (String, String, String, u64);

/// The tab's state: the choice, the rulesets parsed so far, the last check
/// (recomputed only when the name, the ruleset or the protected names change)
/// and the variant filter.
pub struct RegistryPanel {
    choice: Choice,
    /// Parsed rulesets by name (`second-level-reference/de`, a file's path).
    loaded: HashMap<String, Arc<Ruleset>>,
    /// The key of the last check and the check.
    last: Option<(CheckKey, Option<RegistryCheck>)>,
    /// (set, ToUnicode) → the tag [`Self::default_tag`] chose, so that it is
    /// worked out once per name, not every frame.
    default: Option<((LgrSet, String), Option<String>)>,
    filter: String,
    /// The disposition the variant list shows; `None` for all.
    disposition: Option<String>,
    /// The outcome of the last load that failed.
    message: Option<String>,
}

impl Default for RegistryPanel {
    fn default() -> Self {
        RegistryPanel {
            choice: Choice::Bundled {
                set: LgrSet::SecondLevel,
                tag: None,
            },
            loaded: HashMap::new(),
            last: None,
            default: None,
            filter: String::new(),
            disposition: None,
            message: None,
        }
    }
}

impl RegistryPanel {
    /// Loads a registry's own RFC 7940 file (File → Load LGR…) and selects it;
    /// on failure the choice stays and the tab says why (with the line).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn load_file(&mut self, path: &Path) {
        match Ruleset::load(&crate::registry::RulesetSpec::File(path.to_path_buf())) {
            Ok(ruleset) => {
                let name = ruleset.name.clone();
                self.loaded.insert(name.clone(), Arc::new(ruleset));
                self.choice = Choice::File(name);
                self.message = None;
            }
            Err(message) => self.message = Some(message),
        }
    }

    /// The ruleset named `name`, parsed once.
    fn bundled(&mut self, set: LgrSet, tag: &str) -> Result<Arc<Ruleset>, String> {
        let name = format!("{}/{tag}", set.name());
        if let Some(ruleset) = self.loaded.get(&name) {
            return Ok(ruleset.clone());
        }
        let ruleset = Arc::new(Ruleset::bundled(set, tag)?);
        self.loaded.insert(name, ruleset.clone());
        Ok(ruleset)
    }

    /// [`Self::default_tag`], remembered for the last name.
    fn cached_default_tag(&mut self, set: LgrSet, to_unicode: &str) -> Option<String> {
        let key = (set, to_unicode.to_string());
        if let Some((k, tag)) = &self.default
            && *k == key
        {
            return tag.clone();
        }
        let tag = self.default_tag(set, to_unicode);
        self.default = Some((key, tag.clone()));
        tag
    }

    /// The tag that fits the name when the user has not picked one
    /// ([`tag_for_name`], as `--lgr SET` chooses it: the TLD's language table
    /// when its repertoire holds the label, else the label's script).
    fn default_tag(&mut self, set: LgrSet, to_unicode: &str) -> Option<String> {
        tag_for_name(set, to_unicode, |tag| self.bundled(set, tag).ok())
    }

    /// The tab for the name typed as `input`, whose ToUnicode is `to_unicode`.
    pub fn ui(&mut self, ui: &mut Ui, input: &str, to_unicode: &str, protected: &ProtectedList, protected_generation: u64) {
        egui::ScrollArea::vertical().id_salt("registry").show(ui, |ui| {
            let ruleset = self.chooser(ui, to_unicode);
            if let Some(message) = &self.message {
                ui.colored_label(error_color(ui), message);
            }
            let Some(ruleset) = ruleset else { return };
            let key = (
                ruleset.name.clone(),
                input.to_string(),
                to_unicode.to_string(),
                protected_generation,
            );
            if self.last.as_ref().is_none_or(|(k, _)| *k != key) {
                let held = ruleset.held_from(protected);
                self.last = Some((key, ruleset.check(input, to_unicode, &held)));
            }
            let Some((_, check)) = &self.last else { return };
            match check {
                None => {
                    ui.weak("No label to check: type a name above.");
                }
                Some(check) => check_ui(ui, check, &mut self.filter, &mut self.disposition),
            }
        });
    }

    /// The set and tag pickers (or the loaded file); the ruleset chosen.
    fn chooser(&mut self, ui: &mut Ui, to_unicode: &str) -> Option<Arc<Ruleset>> {
        let mut chosen = None;
        ui.horizontal_wrapped(|ui| {
            ui.label("Ruleset:");
            let current_set = match &self.choice {
                Choice::Bundled { set, .. } => Some(*set),
                Choice::File(_) => None,
            };
            for set in LgrSet::ALL {
                if ui.selectable_label(current_set == Some(set), set.name()).clicked() {
                    self.choice = Choice::Bundled { set, tag: None };
                }
            }
            let files: Vec<String> = self
                .loaded
                .keys()
                .filter(|name| !LgrSet::ALL.iter().any(|s| name.starts_with(&format!("{}/", s.name()))))
                .cloned()
                .collect();
            for file in files {
                let selected = self.choice == Choice::File(file.clone());
                if ui.selectable_label(selected, format!("file: {file}")).clicked() {
                    self.choice = Choice::File(file);
                }
            }
        });
        match self.choice.clone() {
            Choice::Bundled { set, tag } => {
                let automatic = tag.is_none();
                let fitting = if automatic {
                    self.cached_default_tag(set, to_unicode)
                } else {
                    None
                };
                let fits = fitting.is_some();
                // No tag fits: the set's first, for the list to show one.
                let tag = tag
                    .or(fitting)
                    .unwrap_or_else(|| set.tags().first().map_or_else(String::new, |t| t.to_string()));
                ui.horizontal(|ui| {
                    let mut picked = tag.clone();
                    egui::ComboBox::from_label("Tag").selected_text(&picked).show_ui(ui, |ui| {
                        for t in set.tags() {
                            ui.selectable_value(&mut picked, t.to_string(), t);
                        }
                    });
                    if picked != tag {
                        self.choice = Choice::Bundled { set, tag: Some(picked) };
                    }
                    if automatic && fits {
                        ui.weak("(chosen for this name: its TLD's language or its script)");
                    } else if automatic {
                        ui.colored_label(
                            ui.visuals().warn_fg_color,
                            "No tag fits this name (its TLD's language or its script): pick one",
                        );
                    } else if ui.small_button("Follow the name").clicked() {
                        self.choice = Choice::Bundled { set, tag: None };
                    }
                });
                match self.bundled(set, &tag) {
                    Ok(ruleset) => chosen = Some(ruleset),
                    Err(message) => self.message = Some(message),
                }
            }
            Choice::File(name) => chosen = self.loaded.get(&name).cloned(),
        }
        if let Some(ruleset) = &chosen {
            let meta = ruleset.lgr.meta();
            ui.weak(format!(
                "{} · {} repertoire entries · Unicode {}",
                ruleset.name,
                ruleset.lgr.repertoire_size(),
                meta.unicode_version.as_deref().unwrap_or("?")
            ));
        }
        ui.separator();
        chosen
    }
}

fn check_ui(ui: &mut Ui, check: &RegistryCheck, filter: &mut String, disposition: &mut Option<String>) {
    let u = check.u_label_check();
    let color = if u.evaluation.eligible && check.variant_of.is_empty() {
        ok_color(ui)
    } else {
        error_color(ui)
    };
    ui.label(RichText::new(check.sentence()).size(15.0).color(color));
    ui.add_space(4.0);
    match &check.u_label {
        Some(u) => {
            ui.strong("As written (what a registry receives)");
            label_ui(ui, &check.submitted, "written", filter, disposition);
            ui.add_space(6.0);
            ui.separator();
            ui.strong("U-label (after UTS #46 mapping)");
            label_ui(ui, u, "u-label", filter, disposition);
        }
        None => label_ui(ui, &check.submitted, "written", filter, disposition),
    }
    ui.add_space(6.0);
    for held in &check.variant_of {
        ui.label(format!(
            "Variant of the held name {} ({})",
            held.name,
            held.disposition.as_deref().unwrap_or("disposition not listed")
        ));
    }
}

/// One label's facts, code points and variant labels (`id` keeps the two labels' widgets apart).
fn label_ui(ui: &mut Ui, check: &LabelCheck, id: &str, filter: &mut String, disposition: &mut Option<String>) {
    let e = &check.evaluation;
    egui::Grid::new(("lgr-facts", id)).num_columns(2).show(ui, |ui| {
        ui.label("Label checked:");
        ui.monospace(&check.label);
        ui.end_row();
        ui.label("Disposition:");
        ui.strong(&e.disposition);
        ui.end_row();
        ui.label("Decided by:");
        ui.monospace(check.rule_text());
        ui.end_row();
        if let Some(index) = &e.index_label {
            ui.label("Index label:");
            ui.monospace(index).on_hover_text(
                "RFC 7940 §8.5: labels with the same index label are variants of each other; a registry holds one of them",
            );
            ui.end_row();
        }
    });
    ui.add_space(6.0);
    ui.strong("Code points (RFC 7940 §8.1: each must be in the repertoire, its context rule holding)");
    egui::Grid::new(("lgr-code-points", id))
        .striped(true)
        .num_columns(3)
        .show(ui, |ui| {
            for fact in &e.code_points {
                ui.horizontal(|ui| {
                    for c in fact.code_points.iter().filter_map(|&cp| char::from_u32(cp)) {
                        ui.label(RichText::new(c.to_string()).size(16.0));
                        ui.label(code_point(c));
                        ui.weak(char_name(c));
                    }
                });
                if fact.in_repertoire {
                    ui.colored_label(ok_color(ui), "in the repertoire");
                } else {
                    ui.colored_label(error_color(ui), "not in the repertoire");
                }
                ui.monospace(fact.context.as_deref().unwrap_or(""));
                ui.end_row();
            }
        });
    ui.add_space(6.0);
    match &e.variants {
        Some(variants) => {
            ui.horizontal_wrapped(|ui| {
                ui.strong(format!("Variant labels ({}: {})", variants.len(), disposition_counts(variants)))
                    .on_hover_text(format!(
                        "Every disposition, invalid included, as lgr-core lists them; lgr-core's estimate counts {} labels with this one",
                        e.variant_estimate
                    ));
                let mut kinds: Vec<&str> = variants.iter().map(|v| v.disposition.as_str()).collect();
                kinds.sort_unstable();
                kinds.dedup();
                egui::ComboBox::new(("lgr-disposition", id), "Disposition")
                    .selected_text(disposition.as_deref().unwrap_or("every disposition"))
                    .show_ui(ui, |ui| {
                        ui.selectable_value(disposition, None, "every disposition");
                        for kind in kinds {
                            ui.selectable_value(disposition, Some(kind.to_string()), kind);
                        }
                    });
                let label = ui.label("Filter:");
                ui.text_edit_singleline(filter).labelled_by(label.id);
            });
            egui::Grid::new(("lgr-variants", id))
                .striped(true)
                .num_columns(2)
                .show(ui, |ui| {
                    for variant in variants.iter().filter(|v| {
                        disposition.as_ref().is_none_or(|d| v.disposition == *d)
                            && (filter.is_empty() || v.label.contains(filter.as_str()) || v.disposition.contains(filter.as_str()))
                    }) {
                        ui.monospace(&variant.label);
                        ui.label(&variant.disposition);
                        ui.end_row();
                    }
                });
        }
        None if e.eligible => {
            ui.label(format!(
                "Variant labels: not listed ({}); lgr-core's estimate: {} labels with this one.",
                e.unlisted.map(|u| u.to_string()).unwrap_or_default(),
                e.variant_estimate
            ));
        }
        None => {}
    }
}
