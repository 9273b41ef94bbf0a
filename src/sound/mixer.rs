//! The voices playing at once, each with where it is heard from: a fixed
//! number of slots (a new sound takes the oldest sound's slot when all
//! are taken, a held loop only when nothing else is left), each voice
//! gliding to the gains and filter its place gives it, mixed into stereo.

use super::glide::Glide;
use super::recipe::Recipe;
use super::space::{Heard, Place};
use super::synth::Synth;

/// How many voices play at once.
pub const MAX_VOICES: usize = 32;

/// Samples over which a voice's gains and filter glide to new values.
pub const GLIDE_SAMPLES: u32 = super::SAMPLE_RATE / 20;

/// A voice, as its slot and the count of voices started before it: a
/// voice whose slot was taken by another is gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VoiceId {
    slot: usize,
    started: u64,
}

/// One sound playing, where it is heard from.
#[derive(Debug, Clone, PartialEq)]
struct Voice {
    synth: Synth,
    place: Place,
    loudness: f32,
    held: bool,
    started: u64,
    left: Glide,
    right: Glide,
    smoothing: Glide,
    /// The two low-pass stages' last outputs.
    low: [f32; 2],
}

/// The voices, and the count of voices started so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Mixer {
    slots: Vec<Option<Voice>>,
    started: u64,
}

impl Default for Mixer {
    fn default() -> Self {
        Self {
            slots: vec![None; MAX_VOICES],
            started: 0,
        }
    }
}

impl Mixer {
    /// Starts `recipe` at `place`, `loudness` times its own, heard at once
    /// as `heard` says (a new sound glides from nothing).
    pub fn play(&mut self, recipe: &Recipe, place: Place, loudness: f32, heard: Heard) -> VoiceId {
        let slot = self.free_slot();
        self.started += 1;
        let seed = (self.started as u32).wrapping_mul(0x9E37_79B9);
        self.slots[slot] = Some(Voice {
            synth: Synth::new(recipe, seed),
            place,
            loudness,
            held: recipe.is_held(),
            started: self.started,
            left: Glide::at(heard.left),
            right: Glide::at(heard.right),
            smoothing: Glide::at(heard.smoothing),
            low: [0.0; 2],
        });
        VoiceId {
            slot,
            started: self.started,
        }
    }

    /// A free slot, else the oldest one-shot voice's, else the oldest
    /// voice's.
    fn free_slot(&self) -> usize {
        if let Some(free) = self.slots.iter().position(Option::is_none) {
            return free;
        }
        let oldest = |held: bool| {
            let voices = self.slots.iter().enumerate();
            voices
                .filter_map(|(slot, voice)| voice.as_ref().map(|voice| (slot, voice)))
                .filter(|(_, voice)| voice.held == held)
                .min_by_key(|(_, voice)| voice.started)
                .map(|(slot, _)| slot)
        };
        oldest(false).or_else(|| oldest(true)).unwrap_or(0)
    }

    fn voice_mut(&mut self, id: VoiceId) -> Option<&mut Voice> {
        self.slots[id.slot]
            .as_mut()
            .filter(|voice| voice.started == id.started)
    }

    /// Moves voice `id` to `place` at `loudness` (a scraping body moves
    /// and speeds up); nothing when it is gone.
    pub fn move_voice(&mut self, id: VoiceId, place: Place, loudness: f32) {
        if let Some(voice) = self.voice_mut(id) {
            voice.place = place;
            voice.loudness = loudness;
        }
    }

    /// Lets voice `id` fade out; nothing when it is gone.
    pub fn release(&mut self, id: VoiceId) {
        if let Some(voice) = self.voice_mut(id) {
            voice.synth.release();
        }
    }

    /// How many voices play.
    pub fn voices(&self) -> usize {
        self.slots.iter().flatten().count()
    }

    /// Sets each voice gliding to how `hear(place, loudness)` says it is
    /// heard now.
    pub fn place_voices(&mut self, mut hear: impl FnMut(&Place, f32) -> Heard) {
        for voice in self.slots.iter_mut().flatten() {
            let heard = hear(&voice.place, voice.loudness);
            voice.left.toward(heard.left, GLIDE_SAMPLES);
            voice.right.toward(heard.right, GLIDE_SAMPLES);
            voice.smoothing.toward(heard.smoothing, GLIDE_SAMPLES);
        }
    }

    /// Adds the voices' next `frames.len()` samples into `frames` (left,
    /// right), then lets the voices that are over go.
    pub fn mix_into(&mut self, frames: &mut [[f32; 2]]) {
        for slot in &mut self.slots {
            let Some(voice) = slot else {
                continue;
            };
            voice.synth.steady();
            for frame in frames.iter_mut() {
                let dry = voice.synth.next();
                let smoothing = voice.smoothing.next();
                voice.low[0] += smoothing * (dry - voice.low[0]);
                voice.low[1] += smoothing * (voice.low[0] - voice.low[1]);
                frame[0] += voice.low[1] * voice.left.next();
                frame[1] += voice.low[1] * voice.right.next();
            }
            if voice.synth.is_over() {
                *slot = None;
            }
        }
    }
}
