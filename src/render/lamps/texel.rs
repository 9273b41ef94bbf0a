//! A shadow texel packed as the scene shader reads it: two words, the
//! reach squared and the shade of a lower shape in two half floats.

use half::f16;

use super::super::shadow::{SHADOW_BIAS, SHADOW_DIRECTIONS, ShadowTexel};

/// A shadow texel as the shader reads it, in two words instead of four: a
/// software rasterizer fetches each word of a texel for each pixel and
/// lamp on its own, and that fetch was half a lamp's cost. The first
/// word is the light's reach squared (an `f32`), so that the shader
/// compares squared distances and takes no square root per lamp and pixel;
/// the second the stretch of floor a lower shape shades, from and to, as
/// two half floats (the shader's `unpack2x16float`, squared there), rounded
/// so that the shade never grows. The reach and the start of a lower
/// shape's shade are pushed [`SHADOW_BIAS`] farther.
pub(super) fn gpu_texel(&[reach, start, end, _]: &ShadowTexel) -> GpuShadowTexel {
    let start = half_at_least(start + SHADOW_BIAS);
    let end = half_at_most(end);
    [
        (reach + SHADOW_BIAS).powi(2).to_bits(),
        u32::from(start.to_bits()) | u32::from(end.to_bits()) << 16,
    ]
}

/// A shadow texel as the shader reads it ([`gpu_texel`]).
pub(super) type GpuShadowTexel = [u32; 2];

/// The nearest half float not below `value` (at least 0; the largest
/// half float beyond its range).
fn half_at_least(value: f32) -> f16 {
    let rounded = f16::from_f32(value.max(0.0));
    if rounded.to_f32() < value && rounded < f16::MAX {
        f16::from_bits(rounded.to_bits() + 1)
    } else {
        rounded.min(f16::MAX)
    }
}

/// The nearest half float not above `value` (at least 0; the largest half
/// float beyond its range).
fn half_at_most(value: f32) -> f16 {
    let rounded = f16::from_f32(value.max(0.0)).min(f16::MAX);
    if rounded.to_f32() > value && rounded > f16::ZERO {
        f16::from_bits(rounded.to_bits() - 1)
    } else {
        rounded
    }
}

/// Bytes in one shadow row.
pub(super) const ROW_BYTES: u64 = SHADOW_DIRECTIONS as u64 * size_of::<GpuShadowTexel>() as u64;

#[cfg(test)]
mod tests {
    use super::*;

    /// A shadow texel's two words as the shader reads them: the reach
    /// squared, and a lower shape's shade from and to, squared
    /// (`unpack2x16float`: the low half first).
    fn shader_texel(texel: &ShadowTexel) -> (f32, f32, f32) {
        let [reach, shade] = gpu_texel(texel);
        let half = |bits: u32| f16::from_bits(bits as u16).to_f32();
        (
            f32::from_bits(reach),
            half(shade & 0xffff),
            half(shade >> 16),
        )
    }

    proptest::proptest! {
        #![proptest_config(crate::property_cases::property_config(256))]
        /// The packed texel keeps the reach exactly and never widens a
        /// lower shape's shade, and narrows it by no more than a half
        /// float's rounding (a part in 1024).
        #[test]
        fn a_packed_shadow_texel_never_widens_the_shade(
            reach in 0.0f32..300.0,
            start in 0.0f32..10_000.0,
            length in 0.0f32..10_000.0,
        ) {
            let end = start + length;
            let (gpu_reach, gpu_start, gpu_end) = shader_texel(&[reach, start, end, 0.0]);
            proptest::prop_assert_eq!(gpu_reach, (reach + SHADOW_BIAS).powi(2));
            let start = start + SHADOW_BIAS;
            proptest::prop_assert!(gpu_start >= start);
            proptest::prop_assert!(gpu_end <= end);
            proptest::prop_assert!(gpu_start <= start * (1.0 + 1.0 / 1024.0) + 1e-6);
            proptest::prop_assert!(gpu_end >= end * (1.0 - 1.0 / 1024.0));
        }
    }

    /// No lower shape (a start past the end) stays no shade when packed.
    #[test]
    fn no_lower_shape_packs_to_no_shade() {
        for radius in [0.5f32, 8.0, 12.0, 255.0, 1000.0, 20_000.0] {
            let (_, start, end) = shader_texel(&[radius, radius + 1.0, radius, 0.0]);
            assert!(start > end, "radius {radius}: {start}..{end}");
        }
    }
}
