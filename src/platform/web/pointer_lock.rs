//! The page's pointer lock, which the browser may end on its own: a
//! browser ends it on Esc, and may refuse a request (no click before it,
//! the page not in front). The window asked for the lock and thinks it
//! holds it; this watches the document's lock events so that the window
//! can let the mouse go too, show the cursor, and take the next click as a
//! request to lock again.

use std::cell::Cell;

use wasm_bindgen::JsCast as _;
use wasm_bindgen::closure::Closure;

thread_local! {
    /// Set when the lock ended or a request failed; cleared when a lock
    /// begins and when the window asks for one.
    static LOST: Cell<bool> = const { Cell::new(false) };
    static WATCHING: Cell<bool> = const { Cell::new(false) };
}

/// Whether the browser ended the pointer lock, or refused one, since the
/// last call or the last [`mouse_lock_requested`].
pub fn mouse_lock_lost() -> bool {
    watch_lock_events();
    LOST.replace(false)
}

/// The window is about to ask for the lock: whatever ended before does not
/// end this one.
pub fn mouse_lock_requested() {
    watch_lock_events();
    LOST.set(false);
}

/// Listens to the document's `pointerlockchange` and `pointerlockerror`,
/// once for the page's life.
fn watch_lock_events() {
    if WATCHING.replace(true) {
        return;
    }
    let Some(document) = super::page_document() else {
        return;
    };
    let changed = Closure::<dyn Fn()>::new(|| {
        let locked = super::page_document()
            .and_then(|document| document.pointer_lock_element())
            .is_some();
        LOST.set(!locked);
    });
    let refused = Closure::<dyn Fn()>::new(|| LOST.set(true));
    for (event, listener) in [
        ("pointerlockchange", changed),
        ("pointerlockerror", refused),
    ] {
        if let Err(error) =
            document.add_event_listener_with_callback(event, listener.as_ref().unchecked_ref())
        {
            log::warn!("cannot follow the page's pointer lock ({event}): {error:?}");
        }
        // The listener lives as long as the page.
        listener.forget();
    }
}
