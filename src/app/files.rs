//! Files on the web page: the browser's file picker, whose answer arrives
//! after the click (the page cannot wait for it), and downloads instead of
//! a save dialog. The desktop uses its file dialogs in place (`rfd`).

use super::batch::BatchFile;
use eframe::egui;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use wasm_bindgen::JsCast;

/// What a picked file is for.
#[derive(Clone, Copy, Debug)]
pub enum Want {
    /// A list of names for the batch view.
    Batch,
    /// Protected names to add to the list (one per line).
    Protected,
}

/// A file the picker delivered.
pub enum Opened {
    Batch(BatchFile),
    Protected {
        name: String,
        text: String,
    },
    /// The browser could not read the file: why.
    Failed(String),
}

/// Where the picker's answers wait until the app takes them in (each frame).
#[derive(Clone, Default)]
pub struct Inbox(Rc<RefCell<Vec<Opened>>>);

impl Inbox {
    /// The files delivered since the last call.
    pub fn take(&self) -> Vec<Opened> {
        std::mem::take(&mut *self.0.borrow_mut())
    }

    /// Opens the browser's file picker; the file, once chosen and read,
    /// arrives through [`Inbox::take`] and the window is repainted.
    pub fn pick(&self, want: Want, ctx: &egui::Context) {
        let (inbox, ctx) = (self.clone(), ctx.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let dialog = rfd::AsyncFileDialog::new();
            let dialog = match want {
                Want::Batch => dialog.add_filter("Domain lists", &["txt", "csv", "tsv", "list", "log"]),
                Want::Protected => dialog.add_filter("Text", &["txt", "list"]),
            };
            let Some(handle) = dialog.pick_file().await else { return };
            let (name, bytes) = (handle.file_name(), handle.read().await);
            let opened = match want {
                Want::Batch => Opened::Batch(BatchFile::Bytes {
                    name,
                    bytes: Arc::from(bytes),
                }),
                Want::Protected => Opened::Protected {
                    name,
                    text: String::from_utf8_lossy(&bytes).into_owned(),
                },
            };
            inbox.0.borrow_mut().push(opened);
            ctx.request_repaint();
        });
    }
}

impl Inbox {
    /// Reads a file dropped on the page; it arrives through [`Inbox::take`]
    /// as a batch file, or as the reason the browser could not read it.
    pub fn read_dropped(&self, dropped: egui::DroppedFileHandle, ctx: &egui::Context) {
        let (inbox, ctx) = (self.clone(), ctx.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let name = dropped.path().display().to_string();
            let opened = match dropped.bytes_async().await {
                Ok(bytes) => Opened::Batch(BatchFile::Bytes {
                    name,
                    bytes: Arc::from(bytes),
                }),
                Err(reason) => Opened::Failed(format!("Cannot read {name}: {reason}")),
            };
            inbox.0.borrow_mut().push(opened);
            ctx.request_repaint();
        });
    }
}

/// Offers `bytes` as a download named `name` of type `mime`.
/// Errors: the browser refused to make the object URL or the link.
pub fn download(name: &str, mime: &str, bytes: &[u8]) -> Result<(), String> {
    let fail = |what: &str| format!("The download of {name} failed ({what}).");
    let window = web_sys::window().ok_or_else(|| fail("no window"))?;
    let document = window.document().ok_or_else(|| fail("no document"))?;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let properties = web_sys::BlobPropertyBag::new();
    properties.set_type(mime);
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &properties).map_err(|_| fail("blob"))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| fail("object URL"))?;
    let link: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|_| fail("link"))?
        .dyn_into()
        .map_err(|_| fail("link"))?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// The name in the page's URL fragment (`…/#аррӏе.com`) and the input field
/// kept in step: a fragment set from outside (a link opened, the address
/// edited) fills the field; a name typed writes the fragment, without a new
/// history entry.
#[derive(Default)]
pub struct Fragment {
    /// The fragment last read or written, decoded.
    seen: Option<String>,
}

impl Fragment {
    /// Reads the fragment; returns the name to show when it changed from
    /// outside, else writes `typed` there when that changed.
    pub fn sync(&mut self, typed: &str) -> Option<String> {
        let location = web_sys::window()?.location();
        let hash = location.hash().unwrap_or_default();
        let raw = hash.strip_prefix('#').unwrap_or(&hash);
        let decoded = js_sys::decode_uri_component(raw).map_or_else(|_| raw.to_string(), String::from);
        if self.seen.as_deref() != Some(decoded.as_str()) {
            // The first frame, or the fragment changed from outside.
            let first = self.seen.is_none();
            self.seen = Some(decoded.clone());
            if !(first && decoded.is_empty()) && decoded != typed {
                return Some(decoded);
            }
            return None;
        }
        if decoded != typed {
            let encoded = String::from(js_sys::encode_uri_component(typed));
            if let Ok(history) = web_sys::window()?.history() {
                let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&format!("#{encoded}")));
            }
            self.seen = Some(typed.to_string());
        }
        None
    }
}
