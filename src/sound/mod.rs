//! Sound: what the simulation's events sound like, placed where they
//! happen and heard from the eye. Pure and deterministic: the sounds are
//! synthesised from noise and sines in code, with libm's functions, so a
//! demo's sound comes out the same to the bit in every build. No device:
//! the window hands the mix to the sound server from a thread of its
//! own (the page to Web Audio, each frame), `play --sound-out` to a WAV
//! file. The rules are in docs/sound.md.
//!
//! It listens to the simulation after each tick and never feeds back, so
//! demos replay the same with sound on or off.
//!
//! Module map: `family` which sound a material makes, `recipe` a sound
//! as data, `cues` each event's sound, `synth` playing a recipe, `glide`
//! values that change without clicks, `space` where a sound is heard
//! from and what muffles it, `mixer` the voices, `moment` what sound
//! reads of a tick, `soundscape` the simulation's events turned into
//! voices, `soundtrack` a demo's sound tick by tick, `wav` the WAV file's
//! bytes.

mod cues;
mod family;
mod glide;
mod mixer;
mod moment;
mod recipe;
mod soundscape;
mod soundtrack;
mod space;
mod synth;
mod wav;

pub use family::Family;
pub use mixer::MAX_VOICES;
pub use moment::Moment;
pub use soundscape::Soundscape;
pub use soundtrack::Soundtrack;
pub use space::{Ear, Heard, Place, Surroundings};
pub use wav::{HEADER_BYTES, WavWriter, to_pcm};

/// Samples a second, in each channel.
pub const SAMPLE_RATE: u32 = 48_000;

/// Samples a tick, in each channel.
pub const SAMPLES_PER_TICK: usize = (SAMPLE_RATE / crate::tick::TICK_RATE) as usize;
