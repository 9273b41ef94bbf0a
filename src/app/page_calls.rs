//! What the web page asks of the program outside its window: the maps of
//! a WAD picked or dropped on it, listed before one is opened
//! (`?wad=NAME&map=MAP`).

use wasm_bindgen::prelude::wasm_bindgen;

use crate::level::wad::Wad;

/// The maps of the WAD `bytes`, the file `name`, as `mazewalker maps`
/// lists them: one `NAME FORMAT` line each (`E1M1 doom`). A file that is
/// no WAD, or a broken one, is the error's text, as natively, which the
/// page shows (a thrown string in JavaScript).
#[wasm_bindgen]
pub fn mazewalker_wad_maps(name: String, bytes: Vec<u8>) -> Result<String, String> {
    let wad = Wad::from_bytes(name, bytes).map_err(|error| error.to_string())?;
    Ok(wad.maps().iter().map(|map| format!("{map}\n")).collect())
}
