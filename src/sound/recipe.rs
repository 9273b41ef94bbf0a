//! A sound as data: fading sines (the modes of what was struck) and
//! fading bands of noise (the scuff, the hiss), each with its own
//! loudness and fade. Every sound the program makes is one
//! [`Recipe`], built in `cues.rs` and played by `synth.rs`.

/// A sine that fades: one mode of a struck object.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tone {
    /// Hz.
    pub frequency: f32,
    /// Peak amplitude, 1 the loudest the mix takes.
    pub amplitude: f32,
    /// Seconds in which the amplitude falls by a factor e (infinite: held).
    pub fade: f32,
}

/// A band of white noise through a band-pass filter, that fades.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hiss {
    /// The band's centre, Hz.
    pub centre: f32,
    /// The band's narrowness (centre over width): high rings, low rushes.
    pub q: f32,
    /// Peak amplitude, before the filter.
    pub amplitude: f32,
    /// Seconds in which the amplitude falls by a factor e (infinite: held).
    pub fade: f32,
}

/// One sound: its tones and bands of noise, all starting together.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Recipe {
    /// The tones.
    pub tones: Vec<Tone>,
    /// The bands of noise.
    pub hisses: Vec<Hiss>,
}

impl Recipe {
    /// Every amplitude times `gain`.
    pub fn louder(mut self, gain: f32) -> Self {
        self.tones
            .iter_mut()
            .for_each(|tone| tone.amplitude *= gain);
        self.hisses
            .iter_mut()
            .for_each(|hiss| hiss.amplitude *= gain);
        self
    }

    /// Every frequency times `ratio`: the same sound, higher or lower.
    pub fn tuned(mut self, ratio: f32) -> Self {
        self.tones
            .iter_mut()
            .for_each(|tone| tone.frequency *= ratio);
        self.hisses.iter_mut().for_each(|hiss| hiss.centre *= ratio);
        self
    }

    /// This sound and `other` at once.
    pub fn with(mut self, other: Self) -> Self {
        self.tones.extend(other.tones);
        self.hisses.extend(other.hisses);
        self
    }

    /// Whether every part is held (an infinite fade): a loop that plays
    /// until it is released.
    pub fn is_held(&self) -> bool {
        let tones = self.tones.iter().map(|tone| tone.fade);
        let hisses = self.hisses.iter().map(|hiss| hiss.fade);
        let mut fades = tones.chain(hisses).peekable();
        fades.peek().is_some() && fades.all(f32::is_infinite)
    }
}
