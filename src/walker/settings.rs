//! The walker's tuning, in real units, with every default documented.

/// Movement tuning, in real units. Every field documents its default.
///
/// Acceleration follows Quake's `PM_Friction` and `PM_Accelerate`: each tick
/// friction slows the walker, then it accelerates towards the wished
/// velocity. With [`accelerate`](Self::accelerate) at 0 (the default) that
/// model is off and the walker moves at the wished velocity at once.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WalkerSettings {
    /// Walking speed in metres per second. Default 3.0 (a brisk game walk).
    pub walk_speed: f32,
    /// Running speed (Shift held) in metres per second. Default 6.0.
    pub run_speed: f32,
    /// Keyboard turning speed in radians per second. Default 2.5 (≈143°/s).
    pub turn_speed: f32,
    /// Mouse look in radians per raw mouse count. Default 0.0022 (≈0.126° a
    /// count, close to Quake's `sensitivity 5.7 m_yaw 0.022`). Never scaled by
    /// time: the same hand motion turns the same angle at any frame rate.
    pub mouse_radians_per_count: f32,
    /// Moving the mouse forward looks down instead of up (Quake's negative
    /// `m_pitch`). Flips the pitch only, never the yaw. Default `false`.
    pub invert_y: bool,
    /// Quake's `sv_accelerate`: how fast the walker reaches its wished speed,
    /// in multiples of that speed per second. 0 turns acceleration and
    /// friction off: the walker moves at the wished velocity at once.
    /// Default 0 (off); Quake uses 10.
    pub accelerate: f32,
    /// Quake's `sv_friction`: the share of its speed the walker loses per
    /// second (at least [`stop_speed`](Self::stop_speed)'s share). Used only
    /// when [`accelerate`](Self::accelerate) is above 0. Default 4.0 (Quake's).
    pub friction: f32,
    /// Quake's `sv_stopspeed`, in metres per second: below this speed
    /// friction brakes as hard as at this speed, so the walker comes to a
    /// stop instead of creeping. Used only when
    /// [`accelerate`](Self::accelerate) is above 0. Default 1.0 (Quake's 100
    /// of its 320 units a second, scaled to our 3 m/s walk).
    pub stop_speed: f32,
}

impl Default for WalkerSettings {
    fn default() -> Self {
        Self {
            walk_speed: 3.0,
            run_speed: 6.0,
            turn_speed: 2.5,
            mouse_radians_per_count: 0.0022,
            invert_y: false,
            accelerate: 0.0,
            friction: 4.0,
            stop_speed: 1.0,
        }
    }
}
