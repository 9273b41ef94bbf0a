//! Sound, through `mazewalker play FILE --headless --sound-out OUT.wav`:
//! demos recorded here on small levels, played by the binary, and the
//! WAV files it writes measured (footsteps counted, the ears compared, a
//! wall's muffling, an impact's tick, silence, the same bytes twice). One
//! binary, a module per part.

#[path = "../common/mod.rs"]
mod common;

mod demos;
mod offline;
mod signal;
