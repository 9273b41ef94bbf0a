//! The transcendental functions the simulation uses, computed the same way
//! on every platform and in every build.
//!
//! The standard library's `sin`, `cos` and `atan2` call the
//! platform's C library (or a compiler intrinsic), whose last bit differs
//! between systems; a replay that must come out bit for bit cannot use
//! them. These go through the `libm` crate, a portable Rust port of musl's
//! maths, so the answer depends only on the argument. Square roots need no
//! wrapper: IEEE 754 rounds `sqrt` exactly, so `f32::sqrt` is already
//! portable.

/// The sine of `radians`.
#[inline]
pub fn sin(radians: f32) -> f32 {
    libm::sinf(radians)
}

/// The cosine of `radians`.
#[inline]
pub fn cos(radians: f32) -> f32 {
    libm::cosf(radians)
}

/// The angle of the point (`x`, `y`) from the x axis, in `-π..=π`.
#[inline]
pub fn atan2(y: f32, x: f32) -> f32 {
    libm::atan2f(y, x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_platform_to_within_a_few_ulps() {
        for k in -40..=40 {
            let x = k as f32 * 0.173;
            assert!(
                (sin(x) - x.sin()).abs() <= 2e-7 * (1.0 + x.abs()),
                "sin {x}"
            );
            assert!(
                (cos(x) - x.cos()).abs() <= 2e-7 * (1.0 + x.abs()),
                "cos {x}"
            );
            assert!((atan2(x, 1.5) - x.atan2(1.5)).abs() <= 2e-7, "atan2 {x}");
        }
    }
}
