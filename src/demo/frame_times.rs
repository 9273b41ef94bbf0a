//! Frame-time statistics in constant memory, for a timedemo of any length:
//! the exact count and mean, and percentiles from a histogram with
//! logarithmic buckets 1 % wide.

use std::time::Duration;

/// The shortest frame time told apart, in seconds (1 µs); shorter frames
/// count in the first bucket.
const SHORTEST_SECONDS: f64 = 1e-6;

/// Each bucket is this factor wider than the one before (1 %): a percentile
/// is reported within 1 % of the true value.
const BUCKET_GROWTH: f64 = 1.01;

/// Enough buckets to reach about 440 s a frame (1 µs × 1.01^2000); longer
/// frames count in the last bucket.
const BUCKETS: usize = 2000;

/// Frame times seen so far.
#[derive(Debug, Clone)]
pub struct FrameTimes {
    count: u64,
    total_seconds: f64,
    buckets: Box<[u64; BUCKETS]>,
}

impl Default for FrameTimes {
    fn default() -> Self {
        Self {
            count: 0,
            total_seconds: 0.0,
            buckets: Box::new([0; BUCKETS]),
        }
    }
}

impl FrameTimes {
    /// Counts one frame.
    pub fn add(&mut self, frame: Duration) {
        let seconds = frame.as_secs_f64();
        self.count += 1;
        self.total_seconds += seconds;
        let index = ((seconds / SHORTEST_SECONDS).ln() / BUCKET_GROWTH.ln()).floor();
        // NaN (a zero frame) and negatives go to the first bucket.
        let index = if index >= 0.0 {
            (index as usize).min(BUCKETS - 1)
        } else {
            0
        };
        self.buckets[index] += 1;
    }

    /// Frames counted.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The mean frame time in seconds (0 with no frames).
    pub fn mean_seconds(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            self.total_seconds / self.count as f64
        }
    }

    /// The frame time in seconds that `fraction` (0..=1) of the frames do
    /// not exceed, rounded up to its bucket's upper edge (0 with no frames).
    pub fn percentile_seconds(&self, fraction: f64) -> f64 {
        if self.count == 0 {
            return 0.0;
        }
        let wanted = (fraction.clamp(0.0, 1.0) * self.count as f64)
            .ceil()
            .max(1.0) as u64;
        let mut seen = 0;
        let mut index = BUCKETS - 1;
        for (bucket, &frames) in self.buckets.iter().enumerate() {
            seen += frames;
            if seen >= wanted {
                index = bucket;
                break;
            }
        }
        SHORTEST_SECONDS * BUCKET_GROWTH.powf(index as f64 + 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mean_is_exact_and_the_p99_within_one_percent() {
        let mut times = FrameTimes::default();
        // 990 frames of 10 ms, 10 of 50 ms: p99 is 10 ms, p99.5 is 50 ms.
        for index in 0..1000 {
            let millis = if index % 100 == 0 { 50 } else { 10 };
            times.add(Duration::from_millis(millis));
        }
        assert_eq!(times.count(), 1000);
        assert!((times.mean_seconds() - 0.0104).abs() < 1e-12);
        let p99 = times.percentile_seconds(0.99);
        assert!((0.010..=0.0101).contains(&p99), "{p99}");
        let p995 = times.percentile_seconds(0.995);
        assert!((0.050..=0.0505).contains(&p995), "{p995}");
    }

    #[test]
    fn no_frames_and_extreme_frames_do_not_break_it() {
        let mut times = FrameTimes::default();
        assert_eq!(times.percentile_seconds(0.99), 0.0);
        assert_eq!(times.mean_seconds(), 0.0);
        times.add(Duration::ZERO);
        times.add(Duration::from_secs(100_000));
        assert!(times.percentile_seconds(0.5) <= 2e-6);
        assert!(times.percentile_seconds(1.0) > 400.0);
    }
}
