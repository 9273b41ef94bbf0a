//! What `mazewalker play FILE --timedemo` measured, and its one line of
//! figures. The rendering driver is the program's (`app::run_timedemo`):
//! it draws the window's frame, which this layer does not know.

use std::fmt;
use std::time::Duration;

use super::frame_times::FrameTimes;

/// What a timedemo measured.
#[derive(Debug, Clone)]
pub struct TimedemoReport {
    /// Frame times (one frame per tick: the step, the render and the wait
    /// for the device).
    pub frames: FrameTimes,
    /// Wall time from the first tick to the last frame.
    pub elapsed: Duration,
    /// The process's peak resident memory in bytes (Linux's VmHWM), where
    /// the platform tells it.
    pub peak_memory_bytes: Option<u64>,
}

impl fmt::Display for TimedemoReport {
    /// `N frames in S s: F fps, mean M ms, p99 P ms, peak R MB` (MB of
    /// 2^20 bytes; `-` where the peak is not known).
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seconds = self.elapsed.as_secs_f64();
        let count = self.frames.count();
        let fps = if seconds > 0.0 {
            count as f64 / seconds
        } else {
            0.0
        };
        let peak = self.peak_memory_bytes.map_or_else(
            || "-".to_owned(),
            |bytes| format!("{:.0}", bytes as f64 / f64::from(1 << 20)),
        );
        write!(
            formatter,
            "{count} frames in {seconds:.2} s: {fps:.1} fps, mean {:.2} ms, p99 {:.2} ms, peak {peak} MB",
            self.frames.mean_seconds() * 1000.0,
            self.frames.percentile_seconds(0.99) * 1000.0,
        )
    }
}

impl TimedemoReport {
    /// The report of a timedemo that drew `frames` in `elapsed`, with the
    /// process's peak memory as it stands now.
    pub fn measured(frames: FrameTimes, elapsed: Duration) -> Self {
        Self {
            frames,
            elapsed,
            peak_memory_bytes: peak_memory_bytes(),
        }
    }
}

/// Peak resident memory in bytes: `VmHWM` of `/proc/self/status` (Linux);
/// `None` elsewhere or when it cannot be read.
fn peak_memory_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    parse_vm_hwm(&status)
}

/// The `VmHWM:   1234 kB` line of a `/proc/self/status` text, in bytes.
fn parse_vm_hwm(status: &str) -> Option<u64> {
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kilobytes: u64 = line
        .trim_start_matches("VmHWM:")
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse()
        .ok()?;
    kilobytes.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_is_the_one_line_of_the_contract() {
        let mut frames = FrameTimes::default();
        for _ in 0..100 {
            frames.add(Duration::from_millis(10));
        }
        let report = TimedemoReport {
            frames,
            elapsed: Duration::from_secs(1),
            peak_memory_bytes: Some(300 << 20),
        };
        assert_eq!(
            report.to_string(),
            "100 frames in 1.00 s: 100.0 fps, mean 10.00 ms, p99 10.04 ms, peak 300 MB"
        );
        let unknown = TimedemoReport {
            peak_memory_bytes: None,
            ..report
        };
        assert!(unknown.to_string().ends_with("peak - MB"));
    }

    #[test]
    fn peak_memory_is_read_from_vm_hwm() {
        let status = "Name:\tmazewalker\nVmPeak:\t  999 kB\nVmHWM:\t   2048 kB\nVmRSS:\t 1 kB\n";
        assert_eq!(parse_vm_hwm(status), Some(2048 * 1024));
        assert_eq!(parse_vm_hwm("VmHWM: lots\n"), None);
        assert_eq!(parse_vm_hwm(""), None);
        #[cfg(target_os = "linux")]
        assert!(peak_memory_bytes().is_some_and(|bytes| bytes > 0));
    }
}
