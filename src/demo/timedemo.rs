//! `mazewalker play FILE --timedemo`: every tick of a demo rendered
//! offscreen, as fast as the device allows, through the window's
//! [`Renderer::render`]; frame-time figures from a real walk.

use std::fmt;
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context as _;

use crate::render::offscreen::{self, OFFSCREEN_FORMAT};
use crate::render::{FrameInput, Gpu, RenderQuality, Renderer};

use super::frame_times::FrameTimes;
use super::playback::Playback;
use super::player::{Played, play};

/// How a timedemo renders.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimedemoOptions {
    /// Image size in pixels. Default 1280×720.
    pub size: (u32, u32),
    /// Per-pixel quality; `None` (the default) picks it by adapter, as the
    /// window does: full on a GPU, fast on a software renderer.
    pub quality: Option<RenderQuality>,
    /// Whether the level's lamps light it (as the window's `--lights`).
    /// Default true.
    pub lights: bool,
}

impl Default for TimedemoOptions {
    fn default() -> Self {
        Self {
            size: (1280, 720),
            quality: None,
            lights: true,
        }
    }
}

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

/// Plays `playback` rendering every tick offscreen (scene only: no HUD, no
/// debug lines) and writes one line to `out`: the [`TimedemoReport`] when
/// the demo finished, the desync line when a check did not match.
pub fn run_timedemo(
    mut playback: Playback,
    options: &TimedemoOptions,
    out: &mut impl Write,
) -> anyhow::Result<Played> {
    let gpu = Gpu::headless().context("no graphics adapter for the timedemo")?;
    let quality = options
        .quality
        .unwrap_or_else(|| RenderQuality::for_device_type(gpu.adapter.get_info().device_type));
    let level = &playback.level;
    let collider = Arc::new(level.collider());
    let mut renderer = Renderer::new(
        &gpu,
        OFFSCREEN_FORMAT,
        options.size,
        quality,
        level,
        &collider,
    )?;
    renderer.set_lights(options.lights);
    let target = offscreen::render_target(&gpu, "timedemo target", options.size);
    let view = target.create_view(&wgpu::TextureViewDescriptor::default());
    let walking = level.walking_collider(&collider);
    let mut walker = playback.header.walker(level);
    let mut frames = FrameTimes::default();
    let started = Instant::now();
    let mut last_frame = started;
    let path = playback.path.display().to_string();
    let played = play(
        &mut playback.reader,
        &mut walker,
        &walking,
        |_, walker| -> anyhow::Result<()> {
            let frame = FrameInput::plain(&walker.camera);
            renderer.render(&gpu, &view, &frame);
            gpu.device.poll(wgpu::PollType::wait_indefinitely())?;
            // A frame drawn after a device error times nothing.
            gpu.ensure_no_device_error()?;
            let now = Instant::now();
            frames.add(now - last_frame);
            last_frame = now;
            Ok(())
        },
    )
    .context(path)?;
    match &played {
        Played::Finished { .. } => {
            let report = TimedemoReport {
                frames,
                elapsed: last_frame - started,
                peak_memory_bytes: peak_memory_bytes(),
            };
            writeln!(out, "{report}")?;
        }
        Played::Desync(desync) => writeln!(out, "{desync}")?,
    }
    out.flush()?;
    Ok(played)
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
