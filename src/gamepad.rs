//! The gamepad: a pure mapping from stick and button values to what the
//! person asks for ([`gamepad_intent`]), testable without a device, and a
//! thin [`GamepadSource`] over gilrs that reads a real one. Without a gamepad,
//! where gilrs cannot start, or in a Linux build without the `gamepad` cargo
//! feature (which leaves gilrs, and udev, out), the source reports nothing
//! and nothing breaks. Buttons are the settings file's [`GamepadButton`]s,
//! not gilrs's own type, so that only the source knows gilrs and the
//! settings file reads the same in every build.

use glam::Vec2;

use crate::config::{GamepadButton, GamepadSettings};

/// The gamepad as last read: stick positions and buttons.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GamepadState {
    /// Left stick, each axis in -1..=1; +x right, +y up (away from you).
    pub left_stick: Vec2,
    /// Right stick, each axis in -1..=1; +x right, +y up.
    pub right_stick: Vec2,
    /// Buttons down now (triggers count once past gilrs's press threshold).
    pub held: Vec<GamepadButton>,
    /// Buttons that went down since the previous read, even if already
    /// released again: each press toggles once, however short.
    pub pressed: Vec<GamepadButton>,
}

/// What this build does with gamepads, in a line (at most 48 characters,
/// as every help line) for the help's footer: on Linux they need the
/// `gamepad` feature, elsewhere they are always on.
pub const GAMEPAD_SUPPORT: &str = backend::SUPPORT;

/// One axis of one stick: the only axes the walker reads (the triggers'
/// travel and the d-pad's axes are not among them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StickAxis {
    /// The left stick's x, +1 right.
    LeftX,
    /// The left stick's y, +1 up (away from you).
    LeftY,
    /// The right stick's x, +1 right.
    RightX,
    /// The right stick's y, +1 up.
    RightY,
}

impl GamepadState {
    /// `button` went down: held, and pressed once.
    pub fn press(&mut self, button: GamepadButton) {
        if !self.held.contains(&button) {
            self.held.push(button);
        }
        self.pressed.push(button);
    }

    /// `button` came up.
    pub fn release(&mut self, button: GamepadButton) {
        self.held.retain(|held| *held != button);
    }

    /// A stick axis moved to `value` (clamped to -1..=1; not a number is 0).
    pub fn tilt(&mut self, axis: StickAxis, value: f32) {
        let value = if value.is_finite() {
            value.clamp(-1.0, 1.0)
        } else {
            0.0
        };
        match axis {
            StickAxis::LeftX => self.left_stick.x = value,
            StickAxis::LeftY => self.left_stick.y = value,
            StickAxis::RightX => self.right_stick.x = value,
            StickAxis::RightY => self.right_stick.y = value,
        }
    }

    /// The gamepad is gone: nothing stays held or tilted (this frame's
    /// presses still count).
    pub fn disconnect(&mut self) {
        let pressed = std::mem::take(&mut self.pressed);
        *self = GamepadState {
            pressed,
            ..GamepadState::default()
        };
    }
}

/// What the gamepad asks for during one frame.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct GamepadIntent {
    /// +1 walks forward, -1 backward (left stick, shaped).
    pub forward: f32,
    /// +1 steps right, -1 left (left stick, shaped).
    pub right: f32,
    /// Turning rate in radians per second, positive turns right (yaw grows).
    pub yaw_rate: f32,
    /// Pitch rate in radians per second, positive looks up.
    pub pitch_rate: f32,
    /// Run instead of walk.
    pub run: bool,
    /// Toggle ghost mode (once per press).
    pub toggle_ghost: bool,
    /// Toggle the map (once per press).
    pub toggle_map: bool,
    /// Toggle edit mode (once per press).
    pub toggle_edit: bool,
}

/// A stick position after the radial dead zone and the response curve: the
/// tilt past `dead_zone`, rescaled to 0..1 and raised to `exponent`, in the
/// stick's direction. Tilts inside the dead zone, and non-finite input, give
/// zero; the result is never longer than 1.
pub fn shape_stick(stick: Vec2, dead_zone: f32, exponent: f32) -> Vec2 {
    let tilt = stick.length();
    if !tilt.is_finite() || tilt <= dead_zone {
        return Vec2::ZERO;
    }
    let past_dead_zone = ((tilt - dead_zone) / (1.0 - dead_zone)).clamp(0.0, 1.0);
    stick / tilt * past_dead_zone.powf(exponent)
}

/// What `state` asks for under `settings`: the left stick moves, the right
/// stick turns at up to `look_speed`, run buttons run while held, and toggle
/// buttons fire once per press.
pub fn gamepad_intent(state: &GamepadState, settings: &GamepadSettings) -> GamepadIntent {
    let shape = |stick| shape_stick(stick, settings.dead_zone, settings.response_curve);
    let movement = shape(state.left_stick);
    let look = shape(state.right_stick) * settings.look_speed.to_radians();
    let any_of = |buttons: &[GamepadButton], among: &[GamepadButton]| {
        buttons.iter().any(|b| among.contains(b))
    };
    GamepadIntent {
        forward: movement.y,
        right: movement.x,
        yaw_rate: look.x,
        pitch_rate: look.y,
        run: any_of(&settings.run, &state.held),
        toggle_ghost: any_of(&settings.ghost, &state.pressed),
        toggle_map: any_of(&settings.map, &state.pressed),
        toggle_edit: any_of(&settings.edit, &state.pressed),
    }
}

/// Reads gamepads into one [`GamepadState`] (every connected gamepad drives
/// the same walker), through gilrs: always, except on Linux, where it takes
/// the `gamepad` cargo feature. When gilrs cannot start, e.g. no udev or an
/// unsupported platform, or in a Linux build without the feature, it stays
/// empty: no gamepad.
pub struct GamepadSource {
    /// The event reader, or `None` when there is no gamepad support.
    events: Option<backend::Events>,
    /// What the events so far add up to.
    state: GamepadState,
}

impl GamepadSource {
    /// Starts gilrs; logs and carries on without a gamepad when it cannot,
    /// or when the program was built without gamepad support.
    pub fn new() -> Self {
        Self {
            events: backend::Events::start(),
            state: GamepadState::default(),
        }
    }

    /// True when gilrs started (whether or not a gamepad is plugged in);
    /// always false in a build without the `gamepad` feature.
    pub fn is_available(&self) -> bool {
        self.events.is_some()
    }

    /// Reads every event since the last call and returns the state they
    /// leave; `pressed` holds only the presses of this call's events.
    pub fn poll(&mut self) -> &GamepadState {
        self.state.pressed.clear();
        if let Some(events) = &mut self.events {
            events.read_into(&mut self.state);
        }
        &self.state
    }
}

impl Default for GamepadSource {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for GamepadSource {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("GamepadSource")
            .field("available", &self.is_available())
            .field("state", &self.state)
            .finish()
    }
}

/// The gamepad through gilrs: everything that knows gilrs's types, turning
/// its events, buttons and axes into the program's own.
#[cfg(any(feature = "gamepad", not(target_os = "linux")))]
mod backend {
    use gilrs::{Axis, Button, EventType, Gilrs};

    use super::{GamepadButton, GamepadState, StickAxis};

    /// What the help's footer says of gamepads in this build.
    pub(super) const SUPPORT: &str = "on: left stick walks, right stick looks";

    /// A started gilrs context.
    pub(super) struct Events(Gilrs);

    impl Events {
        /// Starts gilrs; `None` (logged) when it cannot.
        pub(super) fn start() -> Option<Self> {
            Gilrs::new()
                .map(Events)
                .inspect_err(|error| log::info!("no gamepad support: {error}"))
                .ok()
        }

        /// Applies every event since the last call to `state`.
        pub(super) fn read_into(&mut self, state: &mut GamepadState) {
            while let Some(event) = self.0.next_event() {
                apply_event(state, event.event);
            }
        }
    }

    /// Updates `state` with one gilrs event.
    fn apply_event(state: &mut GamepadState, event: EventType) {
        match event {
            EventType::ButtonPressed(button, _) => state.press(button_of(button)),
            EventType::ButtonReleased(button, _) => state.release(button_of(button)),
            EventType::AxisChanged(axis, value, _) => {
                if let Some(axis) = stick_axis(axis) {
                    state.tilt(axis, value);
                }
            }
            EventType::Disconnected => state.disconnect(),
            _ => {}
        }
    }

    /// The settings file's button for a gilrs button: the one of the same
    /// name. The match has no catch-all, so a button a newer gilrs adds
    /// fails to compile here instead of going missing.
    fn button_of(button: Button) -> GamepadButton {
        match button {
            Button::South => GamepadButton::South,
            Button::East => GamepadButton::East,
            Button::North => GamepadButton::North,
            Button::West => GamepadButton::West,
            Button::C => GamepadButton::C,
            Button::Z => GamepadButton::Z,
            Button::LeftTrigger => GamepadButton::LeftTrigger,
            Button::LeftTrigger2 => GamepadButton::LeftTrigger2,
            Button::RightTrigger => GamepadButton::RightTrigger,
            Button::RightTrigger2 => GamepadButton::RightTrigger2,
            Button::Select => GamepadButton::Select,
            Button::Start => GamepadButton::Start,
            Button::Mode => GamepadButton::Mode,
            Button::LeftThumb => GamepadButton::LeftThumb,
            Button::RightThumb => GamepadButton::RightThumb,
            Button::DPadUp => GamepadButton::DPadUp,
            Button::DPadDown => GamepadButton::DPadDown,
            Button::DPadLeft => GamepadButton::DPadLeft,
            Button::DPadRight => GamepadButton::DPadRight,
            Button::Unknown => GamepadButton::Unknown,
        }
    }

    /// The stick axis `axis` is; `None` for the axes the walker ignores
    /// (the triggers' travel, the d-pad's axes).
    fn stick_axis(axis: Axis) -> Option<StickAxis> {
        match axis {
            Axis::LeftStickX => Some(StickAxis::LeftX),
            Axis::LeftStickY => Some(StickAxis::LeftY),
            Axis::RightStickX => Some(StickAxis::RightX),
            Axis::RightStickY => Some(StickAxis::RightY),
            _ => None,
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn every_gilrs_button_keeps_its_name_in_the_settings_file() {
            let every = [
                Button::South,
                Button::East,
                Button::North,
                Button::West,
                Button::C,
                Button::Z,
                Button::LeftTrigger,
                Button::LeftTrigger2,
                Button::RightTrigger,
                Button::RightTrigger2,
                Button::Select,
                Button::Start,
                Button::Mode,
                Button::LeftThumb,
                Button::RightThumb,
                Button::DPadUp,
                Button::DPadDown,
                Button::DPadLeft,
                Button::DPadRight,
                Button::Unknown,
            ];
            for button in every {
                assert_eq!(format!("{:?}", button_of(button)), format!("{button:?}"));
            }
        }

        #[test]
        fn only_the_sticks_axes_tilt() {
            assert_eq!(stick_axis(Axis::LeftStickX), Some(StickAxis::LeftX));
            assert_eq!(stick_axis(Axis::LeftStickY), Some(StickAxis::LeftY));
            assert_eq!(stick_axis(Axis::RightStickX), Some(StickAxis::RightX));
            assert_eq!(stick_axis(Axis::RightStickY), Some(StickAxis::RightY));
            for other in [Axis::LeftZ, Axis::RightZ, Axis::DPadX, Axis::DPadY] {
                assert_eq!(stick_axis(other), None, "{other:?}");
            }
        }
    }
}

/// No gamepad: a Linux build without the `gamepad` feature (and so without
/// gilrs, which needs udev's headers to build there).
#[cfg(not(any(feature = "gamepad", not(target_os = "linux"))))]
mod backend {
    use super::GamepadState;

    /// What the help's footer says of gamepads in this build.
    pub(super) const SUPPORT: &str = "off: on Linux, build with --features gamepad";

    /// Gamepad events, of which this build has none: no value of this type
    /// exists, so the source never holds one.
    pub(super) enum Events {}

    impl Events {
        /// Logs that there is no gamepad support; always `None`.
        pub(super) fn start() -> Option<Self> {
            log::info!("no gamepad support: built without the `gamepad` feature");
            None
        }

        /// Never called: there is no value to call it on.
        pub(super) fn read_into(&mut self, _state: &mut GamepadState) {
            match *self {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> GamepadSettings {
        GamepadSettings::default()
    }

    #[test]
    fn sticks_inside_the_dead_zone_do_nothing() {
        let settings = settings();
        let state = GamepadState {
            left_stick: Vec2::new(0.1, 0.1),
            right_stick: Vec2::new(-0.14, 0.0),
            ..GamepadState::default()
        };
        assert_eq!(gamepad_intent(&state, &settings), GamepadIntent::default());
    }

    #[test]
    fn the_dead_zone_is_radial_not_per_axis() {
        // 0.12 on each axis is inside a 0.15 dead zone per axis, but the
        // stick is tilted 0.17 along the diagonal: it moves, diagonally.
        let shaped = shape_stick(Vec2::new(0.12, 0.12), 0.15, 1.0);
        assert!(
            shaped.x > 0.0 && (shaped.x - shaped.y).abs() < 1e-6,
            "{shaped}"
        );
    }

    #[test]
    fn the_response_curve_shapes_the_tilt_past_the_dead_zone() {
        // Halfway from the dead zone's edge to full tilt, exponent 2: 0.25.
        let halfway = 0.15 + 0.85 / 2.0;
        let shaped = shape_stick(Vec2::new(0.0, halfway), 0.15, 2.0);
        assert!((shaped.y - 0.25).abs() < 1e-5, "{shaped}");
        let linear = shape_stick(Vec2::new(0.0, halfway), 0.15, 1.0);
        assert!((linear.y - 0.5).abs() < 1e-5, "{linear}");
        // Full tilt is full speed, and past full tilt no more.
        assert!((shape_stick(Vec2::new(-1.0, 0.0), 0.15, 2.0).x + 1.0).abs() < 1e-6);
        assert!(shape_stick(Vec2::new(1.0, 1.0), 0.15, 2.0).length() <= 1.0 + 1e-6);
        assert_eq!(shape_stick(Vec2::new(f32::NAN, 0.0), 0.15, 2.0), Vec2::ZERO);
    }

    #[test]
    fn left_stick_moves_and_right_stick_turns_in_radians_per_second() {
        let settings = settings();
        let state = GamepadState {
            left_stick: Vec2::new(-1.0, 0.0),
            right_stick: Vec2::new(0.0, 1.0),
            ..GamepadState::default()
        };
        let intent = gamepad_intent(&state, &settings);
        assert!((intent.right + 1.0).abs() < 1e-6 && intent.forward.abs() < 1e-6);
        assert!(intent.yaw_rate.abs() < 1e-6);
        assert!((intent.pitch_rate - 180f32.to_radians()).abs() < 1e-5);
        let state = GamepadState {
            left_stick: Vec2::new(0.0, 1.0),
            right_stick: Vec2::new(1.0, 0.0),
            ..GamepadState::default()
        };
        let intent = gamepad_intent(&state, &settings);
        assert!((intent.forward - 1.0).abs() < 1e-6);
        assert!((intent.yaw_rate - 180f32.to_radians()).abs() < 1e-5);
    }

    #[test]
    fn triggers_or_a_face_button_run_while_held() {
        let settings = settings();
        for button in [
            GamepadButton::RightTrigger2,
            GamepadButton::LeftTrigger2,
            GamepadButton::West,
        ] {
            let state = GamepadState {
                held: vec![button],
                ..GamepadState::default()
            };
            assert!(gamepad_intent(&state, &settings).run, "{button:?}");
        }
        let state = GamepadState {
            held: vec![GamepadButton::South],
            ..GamepadState::default()
        };
        assert!(!gamepad_intent(&state, &settings).run);
    }

    #[test]
    fn toggles_fire_once_per_press_not_while_held() {
        let settings = settings();
        let mut state = GamepadState::default();
        state.press(GamepadButton::North);
        let first = gamepad_intent(&state, &settings);
        assert!(first.toggle_ghost && !first.toggle_map && !first.toggle_edit);
        // The next frame: still held, no new press.
        state.pressed.clear();
        assert!(!gamepad_intent(&state, &settings).toggle_ghost);
        // A press and release within one frame still toggles.
        state.pressed.clear();
        state.press(GamepadButton::Select);
        state.release(GamepadButton::Select);
        let quick = gamepad_intent(&state, &settings);
        assert!(quick.toggle_map && !quick.toggle_ghost);
        assert!(!state.held.contains(&GamepadButton::Select));
        let state = GamepadState {
            pressed: vec![GamepadButton::Start],
            ..GamepadState::default()
        };
        assert!(gamepad_intent(&state, &settings).toggle_edit);
    }

    #[test]
    fn tilts_set_the_sticks_and_a_disconnect_clears_them() {
        let mut state = GamepadState::default();
        state.tilt(StickAxis::LeftY, 0.8);
        state.tilt(StickAxis::RightX, -2.0);
        state.press(GamepadButton::West);
        assert_eq!(state.left_stick, Vec2::new(0.0, 0.8));
        assert_eq!(state.right_stick, Vec2::new(-1.0, 0.0));
        state.disconnect();
        assert_eq!(state.left_stick, Vec2::ZERO);
        assert!(state.held.is_empty());
    }

    #[test]
    fn the_source_starts_with_or_without_gamepad_support() {
        let mut source = GamepadSource::new();
        let available = source.is_available();
        let state = source.poll().clone();
        // Without gilrs there is nothing to read: an empty state, no panic.
        assert!(available || state == GamepadState::default(), "{state:?}");
    }

    #[cfg(not(any(feature = "gamepad", not(target_os = "linux"))))]
    #[test]
    fn without_the_feature_the_source_reports_nothing() {
        let mut source = GamepadSource::default();
        assert!(!source.is_available());
        assert_eq!(*source.poll(), GamepadState::default());
    }
}
