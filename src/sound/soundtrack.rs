//! A demo's sound as it plays: after each tick, the soundscape hears it
//! and a tick's samples are added to a WAV file's.

use super::SAMPLES_PER_TICK;
use super::moment::Moment;
use super::soundscape::Soundscape;
use super::wav::WavWriter;
use crate::collision::Collider;
use crate::config::SoundSettings;
use crate::level::Level;
use crate::simulation::Simulation;

/// The sound of a playback so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Soundtrack {
    soundscape: Soundscape,
    wav: WavWriter,
    frames: Vec<[f32; 2]>,
}

impl Soundtrack {
    /// Nothing yet, on `level`, heard with `options`.
    pub fn new(level: &Level, options: SoundSettings) -> Self {
        Self {
            soundscape: Soundscape::new(level, options),
            wav: WavWriter::default(),
            frames: vec![[0.0; 2]; SAMPLES_PER_TICK],
        }
    }

    /// Hears the tick `simulation` just stepped on `level` through
    /// `collider` (the walker's), and adds its samples.
    pub fn tick(&mut self, simulation: &Simulation, level: &Level, collider: &Collider) {
        self.soundscape
            .hear(&Moment::of(simulation), level, collider);
        self.soundscape.mix(&mut self.frames);
        self.wav.add(&self.frames);
    }

    /// The WAV file's bytes.
    pub fn into_wav(self) -> Vec<u8> {
        self.wav.into_bytes()
    }
}
