//! `mazewalker play FILE --headless --sound-out OUT.wav` (and beside
//! `--timedemo`): a demo's sound rendered offline into a WAV file, as the
//! window would play it, the same to the bit on every run.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context as _;

use crate::config::SoundSettings;
use crate::demo::{OpenedDemo, Played};
use crate::level::Level;
use crate::sound::Soundtrack;

/// Where a playback's sound goes, and how it is heard.
#[derive(Debug, Clone, PartialEq)]
pub struct SoundOut {
    /// The WAV file to write (replaced if it exists).
    pub path: PathBuf,
    /// The volume and whether footsteps sound (the settings file's; its
    /// `enabled` does not silence a file asked for).
    pub options: SoundSettings,
}

impl SoundOut {
    /// A soundtrack to fill on `level`, tick by tick.
    pub fn soundtrack(&self, level: &Level) -> Soundtrack {
        Soundtrack::new(level, self.options)
    }

    /// Writes `soundtrack` to the file.
    pub fn write(&self, soundtrack: Soundtrack) -> anyhow::Result<()> {
        std::fs::write(&self.path, soundtrack.into_wav())
            .with_context(|| format!("cannot write {}", self.path.display()))
    }
}

/// Plays `playback` without a window ([`OpenedDemo::run_headless`]),
/// and with `sound_out` writes its sound there once it ends (at a desync
/// too: the sound up to it).
pub fn play_headless(
    playback: OpenedDemo,
    trace: bool,
    sound_out: Option<&SoundOut>,
    out: &mut impl Write,
) -> anyhow::Result<Played> {
    let Some(sound_out) = sound_out else {
        return playback.run_headless(trace, out);
    };
    let mut soundtrack = sound_out.soundtrack(&playback.level);
    let played = playback.run_headless_watched(trace, out, |simulation, level, collider| {
        soundtrack.tick(simulation, level, collider);
    })?;
    sound_out.write(soundtrack)?;
    Ok(played)
}
