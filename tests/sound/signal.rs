//! Reading the WAV files back and measuring them: energy by channel and
//! by tick, rising edges of energy (footsteps, impacts), and the energy
//! above 2 kHz.

use std::f32::consts::TAU;

/// Samples a tick: 48 kHz at 120 ticks a second.
pub const SAMPLES_PER_TICK: usize = 400;

/// A stereo WAV file's samples, in -1..1.
pub struct Wav {
    /// Left.
    pub left: Vec<f32>,
    /// Right.
    pub right: Vec<f32>,
}

impl Wav {
    /// Checks the 44-byte header (PCM, 2 channels, 48 kHz, 16 bits) and
    /// reads the samples.
    pub fn parse(bytes: &[u8]) -> Self {
        assert!(bytes.len() >= 44, "{} bytes: no header", bytes.len());
        let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        let u32_at = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        assert_eq!(&bytes[0..4], b"RIFF");
        assert_eq!(&bytes[8..16], b"WAVEfmt ");
        assert_eq!((u16_at(20), u16_at(22)), (1, 2), "PCM, stereo");
        assert_eq!(u32_at(24), 48_000, "sample rate");
        assert_eq!(u16_at(34), 16, "bits");
        assert_eq!(&bytes[36..40], b"data");
        let data = &bytes[44..];
        assert_eq!(u32_at(40) as usize, data.len());
        assert_eq!(u32_at(4) as usize, data.len() + 36);
        let samples: Vec<f32> = data
            .chunks_exact(2)
            .map(|pair| f32::from(i16::from_le_bytes([pair[0], pair[1]])) / 32768.0)
            .collect();
        Self {
            left: samples.iter().step_by(2).copied().collect(),
            right: samples.iter().skip(1).step_by(2).copied().collect(),
        }
    }

    /// Ticks of sound.
    pub fn ticks(&self) -> usize {
        self.left.len() / SAMPLES_PER_TICK
    }

    /// Each tick's energy, both channels (index 0 is tick 1).
    pub fn tick_energies(&self) -> Vec<f32> {
        let both = |samples: &[f32]| {
            samples
                .chunks(SAMPLES_PER_TICK)
                .map(energy)
                .collect::<Vec<_>>()
        };
        let (left, right) = (both(&self.left), both(&self.right));
        left.iter().zip(&right).map(|(l, r)| l + r).collect()
    }

    /// The whole file's energy, both channels.
    pub fn energy(&self) -> f32 {
        energy(&self.left) + energy(&self.right)
    }

    /// The energy above about 2 kHz, both channels: through a 4th-order
    /// high-pass at 2 kHz.
    pub fn energy_above_2_khz(&self) -> f32 {
        energy(&high_passed(&self.left)) + energy(&high_passed(&self.right))
    }
}

/// The sum of the squares.
pub fn energy(samples: &[f32]) -> f32 {
    samples.iter().map(|sample| sample * sample).sum()
}

/// Ticks (numbered from 1) whose energy is more than `rise` times the
/// tick before's and more than a hundredth of the loudest tick's: where a
/// sound starts.
pub fn onsets(energies: &[f32], rise: f32) -> Vec<usize> {
    let loudest = energies.iter().copied().fold(0.0, f32::max);
    (1..energies.len())
        .filter(|&index| {
            energies[index] > rise * energies[index - 1] && energies[index] > loudest / 100.0
        })
        .map(|index| index + 1)
        .collect()
}

/// `samples` through two RBJ high-pass biquads at 2 kHz (Q 0.707).
fn high_passed(samples: &[f32]) -> Vec<f32> {
    let w0 = TAU * 2000.0 / 48_000.0;
    let alpha = w0.sin() / (2.0 * std::f32::consts::FRAC_1_SQRT_2);
    let a0 = 1.0 + alpha;
    let b = [
        (1.0 + w0.cos()) / 2.0 / a0,
        -(1.0 + w0.cos()) / a0,
        (1.0 + w0.cos()) / 2.0 / a0,
    ];
    let a = [-2.0 * w0.cos() / a0, (1.0 - alpha) / a0];
    let stage = |input: &[f32]| {
        let (mut x1, mut x2, mut y1, mut y2) = (0.0, 0.0, 0.0, 0.0);
        input
            .iter()
            .map(|&x| {
                let y = b[0] * x + b[1] * x1 + b[2] * x2 - a[0] * y1 - a[1] * y2;
                (x2, x1, y2, y1) = (x1, x, y1, y);
                y
            })
            .collect::<Vec<f32>>()
    };
    stage(&stage(samples))
}
