//! No sound server where there is no Unix socket to reach one and no
//! page's Web Audio: systems other than Unix. Nothing asks for one here
//! ([`HAS_SOUND_SERVER`]); a connection would fail.

use std::io;

/// The sound server cannot be asked for here.
pub const HAS_SOUND_SERVER: bool = false;

/// No stream: no value of it exists.
#[derive(Debug)]
pub enum SoundServer {}

impl SoundServer {
    /// Fails: there is no server to reach.
    pub fn connect(_name: &str, _rate: u32) -> io::Result<Self> {
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "no sound server on this platform",
        ))
    }

    /// Never called: no stream exists.
    pub fn next_request(&mut self) -> io::Result<usize> {
        match *self {}
    }

    /// Never called: no stream exists.
    pub fn write(&mut self, _samples: &[u8]) -> io::Result<()> {
        match *self {}
    }
}
