//! Doom's WAD files: the directory, maps in Doom's binary format and in
//! UDMF, and the wall textures and flats as RGBA images. Pure byte reading,
//! with no window or GPU: a bad WAD is a [`WadError`] naming the file, the
//! lump and what is wrong, never a panic; what a source port would warn of
//! and read past is a [`WadWarning`] beside the map.

mod directory;
mod error;
mod graphics;
pub mod import;
mod map;
mod reading;
mod udmf;

pub use directory::{LumpEntry, MapEntry, MapFormat, Wad, WadKind};
pub use error::{WadError, WadProblem, WadWarning};
pub use graphics::WadTextures;
pub use map::{DoomMap, Linedef, Sector, Sidedef, Thing, Vertex};
pub use reading::LoadedMap;
