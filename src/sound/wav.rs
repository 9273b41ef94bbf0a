//! The mix as a WAV file's bytes: the 44-byte RIFF header of 16-bit PCM,
//! then the samples, little-endian, left and right interleaved.

use super::SAMPLE_RATE;

/// The header's length in bytes.
pub const HEADER_BYTES: usize = 44;

/// Channels: left and right.
const CHANNELS: u16 = 2;

/// Bytes a sample takes.
const SAMPLE_BYTES: u16 = 2;

/// A mix of stereo 16-bit samples at [`SAMPLE_RATE`], as it grows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WavWriter {
    /// The samples' bytes so far, after the header's place.
    data: Vec<u8>,
}

impl WavWriter {
    /// Adds `frames` (left, right in -1..1; beyond is clipped).
    pub fn add(&mut self, frames: &[[f32; 2]]) {
        for sample in frames.iter().flatten() {
            self.data.extend_from_slice(&to_pcm(*sample).to_le_bytes());
        }
    }

    /// The frames added so far.
    pub fn frames(&self) -> usize {
        self.data.len() / usize::from(CHANNELS * SAMPLE_BYTES)
    }

    /// The whole file: the header, then the samples.
    pub fn into_bytes(self) -> Vec<u8> {
        let mut bytes = header(self.data.len());
        bytes.extend(self.data);
        bytes
    }
}

/// A sample in -1..1 as a 16-bit one (clipped beyond): as the file
/// and the window's sound both write it.
pub fn to_pcm(sample: f32) -> i16 {
    (sample.clamp(-1.0, 1.0) * f32::from(i16::MAX)).round() as i16
}

/// The RIFF header of 16-bit stereo PCM at [`SAMPLE_RATE`] for
/// `data_bytes` bytes of samples (a length past 4 GiB is cut at it).
fn header(data_bytes: usize) -> Vec<u8> {
    let data = u32::try_from(data_bytes).unwrap_or(u32::MAX - 36);
    let block = CHANNELS * SAMPLE_BYTES;
    let mut bytes = Vec::with_capacity(HEADER_BYTES);
    bytes.extend_from_slice(b"RIFF");
    bytes.extend_from_slice(&(36 + data).to_le_bytes());
    bytes.extend_from_slice(b"WAVEfmt ");
    bytes.extend_from_slice(&16u32.to_le_bytes());
    bytes.extend_from_slice(&1u16.to_le_bytes()); // PCM
    bytes.extend_from_slice(&CHANNELS.to_le_bytes());
    bytes.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    bytes.extend_from_slice(&(SAMPLE_RATE * u32::from(block)).to_le_bytes());
    bytes.extend_from_slice(&block.to_le_bytes());
    bytes.extend_from_slice(&(8 * SAMPLE_BYTES).to_le_bytes());
    bytes.extend_from_slice(b"data");
    bytes.extend_from_slice(&data.to_le_bytes());
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_is_44_bytes_of_16_bit_stereo_at_48_khz_and_samples_clip() {
        let mut wav = WavWriter::default();
        wav.add(&[[0.0, 1.0], [-2.0, 0.5]]);
        assert_eq!(wav.frames(), 2);
        let bytes = wav.into_bytes();
        assert_eq!(bytes.len(), HEADER_BYTES + 8);
        assert_eq!(&bytes[..4], b"RIFF");
        assert_eq!(&bytes[36..40], b"data");
        assert_eq!(
            u32::from_le_bytes([bytes[24], bytes[25], bytes[26], bytes[27]]),
            48_000
        );
        let samples: Vec<i16> = bytes[HEADER_BYTES..]
            .chunks(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]))
            .collect();
        assert_eq!(samples, [0, 32767, -32767, 16384]);
    }
}
