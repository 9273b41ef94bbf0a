//! What is drawn over the 3D view: which overlays are on, the HUD's lines,
//! and the messages the HUD carries (a reload error until it is fixed,
//! warnings for a few seconds). Times are session time (see
//! [`Session`](super::Session)): wall time in the window, simulated time in
//! a script.

use std::time::Duration;

use crate::collision::MovePolicy;
use crate::walker::Walker;

/// How long a warning or a notice stays on the HUD.
pub const NOTICE_SECONDS: Duration = Duration::from_secs(5);

/// Which overlays the person has switched on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overlays {
    /// The HUD (H); on at start.
    pub hud: bool,
    /// The help overlay (F1).
    pub help: bool,
    /// The collider's debug lines (L).
    pub debug_lines: bool,
}

impl Default for Overlays {
    fn default() -> Self {
        Self {
            hud: true,
            help: false,
            debug_lines: false,
        }
    }
}

/// Messages for the HUD: notices that expire, shown below the position.
#[derive(Debug, Default)]
pub struct HudMessages {
    notices: Vec<(String, Duration)>,
}

impl HudMessages {
    /// Shows `text` for [`NOTICE_SECONDS`] from `now`.
    pub fn notice(&mut self, text: String, now: Duration) {
        self.notices.push((text, now + NOTICE_SECONDS));
    }

    /// The notices still showing at `now` (expired ones are dropped).
    pub fn current(&mut self, now: Duration) -> impl Iterator<Item = &str> {
        self.notices.retain(|(_, until)| *until > now);
        self.notices.iter().map(|(text, _)| text.as_str())
    }
}

/// The HUD's lines: position (and on a level with floors, `with_floor`,
/// the feet's height), heading, collision switches, frame rate.
pub fn hud_lines(walker: &Walker, with_floor: bool, frames_per_second: Option<f32>) -> Vec<String> {
    let camera = &walker.camera;
    let floor = if with_floor {
        format!("  floor {:.2}", walker.feet())
    } else {
        String::new()
    };
    let policy = match walker.move_options.policy {
        MovePolicy::Slide => "slide",
        MovePolicy::Reject => "reject",
    };
    let fps = frames_per_second.map_or_else(|| "-".to_owned(), |fps| format!("{fps:.0}"));
    vec![
        format!(
            "x {:.2}  y {:.2}  z {:.2}{floor}",
            camera.position.x, camera.position.y, camera.position.z
        ),
        format!(
            "heading {:.1} deg  pitch {:.1}",
            camera.yaw_degrees(),
            camera.pitch.to_degrees()
        ),
        format!(
            "ghost {}  policy {policy}{}",
            if walker.move_options.ghost {
                "on"
            } else {
                "off"
            },
            if walker.torch { "  torch" } else { "" }
        ),
        format!("fps {fps}  F1 help"),
    ]
}

/// Frame-rate measurement over half-second windows of session time.
#[derive(Debug, Default)]
pub struct FrameRate {
    window_start: Duration,
    frames_in_window: u32,
    frames_per_second: Option<f32>,
}

impl FrameRate {
    /// A frame ended at session time `now`.
    pub fn frame(&mut self, now: Duration) {
        self.frames_in_window += 1;
        let window = now.saturating_sub(self.window_start);
        if window >= Duration::from_millis(500) {
            let fps = self.frames_in_window as f32 / window.as_secs_f32();
            log::debug!("{fps:.1} fps, {:.2} ms a frame", 1000.0 / fps);
            self.frames_per_second = Some(fps);
            self.frames_in_window = 0;
            self.window_start = now;
        }
    }

    /// Frames per second over the last half second, once measured.
    pub fn frames_per_second(&self) -> Option<f32> {
        self.frames_per_second
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_expire() {
        let start = Duration::from_secs(7);
        let mut messages = HudMessages::default();
        messages.notice("warning: a".into(), start);
        assert_eq!(messages.current(start).collect::<Vec<_>>(), ["warning: a"]);
        let later = start + NOTICE_SECONDS + Duration::from_millis(1);
        assert_eq!(messages.current(later).count(), 0);
    }
}
