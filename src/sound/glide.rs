//! A value that moves to each new target in a straight line over a fixed
//! number of samples, so that a gain, a pan or a filter changing between
//! ticks never clicks.

/// A gliding value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glide {
    value: f32,
    target: f32,
    step: f32,
    left: u32,
}

impl Glide {
    /// Standing at `value`.
    pub fn at(value: f32) -> Self {
        Self {
            value,
            target: value,
            step: 0.0,
            left: 0,
        }
    }

    /// Heads for `target`, reaching it in `samples` samples (at once for
    /// 0); a target it already heads for changes nothing.
    pub fn toward(&mut self, target: f32, samples: u32) {
        if target == self.target {
            return;
        }
        self.target = target;
        if samples == 0 {
            self.value = target;
            self.left = 0;
            return;
        }
        self.step = (target - self.value) / samples as f32;
        self.left = samples;
    }

    /// The value at this sample, then one sample on.
    pub fn next(&mut self) -> f32 {
        let value = self.value;
        if self.left > 0 {
            self.left -= 1;
            self.value = if self.left == 0 {
                self.target
            } else {
                self.value + self.step
            };
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_glide_reaches_its_target_in_a_straight_line_in_the_samples_given() {
        let mut glide = Glide::at(0.0);
        glide.toward(1.0, 4);
        let values: Vec<f32> = (0..6).map(|_| glide.next()).collect();
        assert_eq!(values, [0.0, 0.25, 0.5, 0.75, 1.0, 1.0]);
    }
}
