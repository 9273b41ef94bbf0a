//! Playing a [`Recipe`]: its tones as rotating phasors, its bands of
//! noise as a seeded white noise through band-pass filters, each fading
//! by a factor per sample, after a short fade-in that keeps a start from
//! clicking. Only `+`, `×` and libm's functions (at the start, never per
//! sample), so a sound comes out the same to the bit in every build.

use std::f32::consts::TAU;

use super::SAMPLE_RATE;
use super::recipe::{Hiss, Recipe, Tone};

/// Samples over which a sound fades in.
const FADE_IN_SAMPLES: f32 = 48.0;

/// Seconds in which a released loop falls by a factor e.
const RELEASE_SECONDS: f32 = 0.03;

/// Below this amplitude (all parts together) a sound is over.
const SILENT: f32 = 1e-4;

/// The factor per sample that fades an amplitude by e in `seconds`.
fn fade_per_sample(seconds: f32) -> f32 {
    libm::expf(-1.0 / (seconds * SAMPLE_RATE as f32))
}

/// A sine as a unit phasor turned by a fixed step each sample.
#[derive(Debug, Clone, PartialEq)]
struct Oscillator {
    re: f32,
    im: f32,
    step_cos: f32,
    step_sin: f32,
    amplitude: f32,
    fade: f32,
}

impl Oscillator {
    fn new(tone: &Tone) -> Self {
        let step = TAU * tone.frequency / SAMPLE_RATE as f32;
        Self {
            re: 1.0,
            im: 0.0,
            step_cos: libm::cosf(step),
            step_sin: libm::sinf(step),
            amplitude: tone.amplitude,
            fade: fade_per_sample(tone.fade),
        }
    }

    fn next(&mut self) -> f32 {
        let out = self.im * self.amplitude;
        let re = self.re * self.step_cos - self.im * self.step_sin;
        self.im = self.re * self.step_sin + self.im * self.step_cos;
        self.re = re;
        self.amplitude *= self.fade;
        out
    }

    /// Back to unit length: rounding grows or shrinks the phasor a little
    /// each turn, which a held tone would hear after seconds.
    fn steady(&mut self) {
        let length = (self.re * self.re + self.im * self.im).sqrt();
        if length > 0.0 {
            self.re /= length;
            self.im /= length;
        }
    }
}

/// A band-pass biquad (the RBJ cookbook's, 0 dB at the centre) on the
/// voice's noise, fading.
#[derive(Debug, Clone, PartialEq)]
struct NoiseBand {
    b0: f32,
    a1: f32,
    a2: f32,
    x1: f32,
    x2: f32,
    y1: f32,
    y2: f32,
    amplitude: f32,
    fade: f32,
}

impl NoiseBand {
    fn new(hiss: &Hiss) -> Self {
        let nyquist_safe = hiss.centre.min(0.45 * SAMPLE_RATE as f32);
        let w0 = TAU * nyquist_safe / SAMPLE_RATE as f32;
        let alpha = libm::sinf(w0) / (2.0 * hiss.q);
        let a0 = 1.0 + alpha;
        Self {
            b0: alpha / a0,
            a1: -2.0 * libm::cosf(w0) / a0,
            a2: (1.0 - alpha) / a0,
            x1: 0.0,
            x2: 0.0,
            y1: 0.0,
            y2: 0.0,
            amplitude: hiss.amplitude,
            fade: fade_per_sample(hiss.fade),
        }
    }

    fn next(&mut self, noise: f32) -> f32 {
        let x = noise * self.amplitude;
        let y = self.b0 * x - self.b0 * self.x2 - self.a1 * self.y1 - self.a2 * self.y2;
        self.x2 = self.x1;
        self.x1 = x;
        self.y2 = self.y1;
        self.y1 = y;
        self.amplitude *= self.fade;
        y
    }
}

/// One recipe being played.
#[derive(Debug, Clone, PartialEq)]
pub struct Synth {
    oscillators: Vec<Oscillator>,
    bands: Vec<NoiseBand>,
    /// The white noise's state (xorshift32, never 0).
    noise: u32,
    /// The fade-in so far, 0 to 1.
    fade_in: f32,
    /// Held loops play until released; then this falls each sample.
    release: f32,
    /// The release's factor per sample, once released (1 before).
    release_fade: f32,
}

impl Synth {
    /// `recipe`, its noise seeded by `seed`.
    pub fn new(recipe: &Recipe, seed: u32) -> Self {
        Self {
            oscillators: recipe.tones.iter().map(Oscillator::new).collect(),
            bands: recipe.hisses.iter().map(NoiseBand::new).collect(),
            noise: seed | 1,
            fade_in: 0.0,
            release: 1.0,
            release_fade: 1.0,
        }
    }

    /// The next sample.
    pub fn next(&mut self) -> f32 {
        let noise = self.white();
        let tones: f32 = self.oscillators.iter_mut().map(Oscillator::next).sum();
        let bands: f32 = self.bands.iter_mut().map(|band| band.next(noise)).sum();
        self.fade_in = (self.fade_in + 1.0 / FADE_IN_SAMPLES).min(1.0);
        self.release *= self.release_fade;
        (tones + bands) * self.fade_in * self.release
    }

    /// Lets a held loop fade out (a one-shot sound fades anyway).
    pub fn release(&mut self) {
        self.release_fade = fade_per_sample(RELEASE_SECONDS);
    }

    /// Whether it has faded below hearing, for good.
    pub fn is_over(&self) -> bool {
        let tones = self.oscillators.iter().map(|o| o.amplitude);
        let bands = self.bands.iter().map(|b| b.amplitude);
        let loudest: f32 = tones.chain(bands).sum();
        self.fade_in >= 1.0 && loudest * self.release < SILENT
    }

    /// Keeps held tones at their length; called once a block.
    pub fn steady(&mut self) {
        self.oscillators.iter_mut().for_each(Oscillator::steady);
    }

    /// White noise in -1..1: xorshift32's next value.
    fn white(&mut self) -> f32 {
        let mut x = self.noise;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.noise = x;
        (x >> 8) as f32 / (1u32 << 23) as f32 - 1.0
    }
}
