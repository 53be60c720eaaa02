//! idna-inspector as a web page: the desktop window's app
//! ([`idna_inspector::app::InspectorApp`]) drawn by eframe into the page's
//! canvas, with WebGL. Everything runs in the page; nothing is sent anywhere.
//! `scripts/build-web.sh` builds it and writes `target/web/`.
//!
//! The page's script makes a [`WebHandle`] and starts it on the canvas; the
//! handle also answers [`WebHandle::shown`], what the page shows as
//! `explain --json` gives it, which the real-browser test compares with the
//! command (tests/web.rs).

#![cfg(target_arch = "wasm32")]

use idna_inspector::app::{InspectorApp, Startup, install_app_fonts};
use wasm_bindgen::prelude::*;

/// The running page: eframe's runner with the inspector in it.
#[wasm_bindgen]
pub struct WebHandle {
    runner: eframe::WebRunner,
}

#[wasm_bindgen]
impl WebHandle {
    /// A handle not yet started.
    #[wasm_bindgen(constructor)]
    pub fn new() -> WebHandle {
        WebHandle {
            runner: eframe::WebRunner::new(),
        }
    }

    /// Starts the inspector in `canvas`. The name to show comes from the
    /// URL fragment (`…/#аррӏе.com`), else the one remembered.
    /// Errors: eframe's (no WebGL, for one), as a JavaScript error.
    #[wasm_bindgen]
    pub async fn start(&self, canvas: web_sys::HtmlCanvasElement) -> Result<(), JsValue> {
        self.runner
            .start(
                canvas,
                eframe::WebOptions::default(),
                Box::new(|cc| {
                    install_app_fonts(&cc.egui_ctx);
                    Ok(Box::new(InspectorApp::new(cc.storage, Startup::default())))
                }),
            )
            .await
    }

    /// What the page shows for the current name, as `explain --json` gives
    /// it (`{"options", "results", "trace"}`, with `input`, `host` and
    /// `taken_from` when the host was taken from a longer text); `null`
    /// before the first frame.
    #[wasm_bindgen]
    pub fn shown(&self) -> Option<String> {
        let app = self.runner.app_mut::<InspectorApp>()?;
        let inspection = app.inspection()?;
        Some(inspection.explain_json().to_string())
    }

    /// The text in the page's domain field.
    #[wasm_bindgen]
    pub fn typed(&self) -> Option<String> {
        let app = self.runner.app_mut::<InspectorApp>()?;
        Some(app.inspection()?.input.clone())
    }

    /// True once eframe caught a panic (the page then shows nothing more).
    #[wasm_bindgen]
    pub fn has_panicked(&self) -> bool {
        self.runner.has_panicked()
    }

    /// The panic's message, if one happened.
    #[wasm_bindgen]
    pub fn panic_message(&self) -> Option<String> {
        self.runner.panic_summary().map(|summary| summary.message())
    }
}

impl Default for WebHandle {
    fn default() -> Self {
        WebHandle::new()
    }
}
