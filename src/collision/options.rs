//! How a move query behaves: [`MoveOptions`] in the style of rapier's
//! character controller, with every default documented.

/// The default [`MoveOptions::skin`], in metres: how far short of a surface a
/// stopped eye stays, and the margin [`Collider::nearest_free_point`](super::Collider::nearest_free_point)
/// keeps beyond full clearance.
pub const DEFAULT_SKIN: f32 = 1e-4;

/// What happens to a move that would end closer than allowed to a wall or an
/// obstacle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MovePolicy {
    /// Go as far as allowed, then slide the rest along the surface (the
    /// default): Quake's slide move.
    #[default]
    Slide,
    /// Refuse the whole move: the eye stays where it was.
    Reject,
}

/// Options of [`Collider::move_eye`](super::Collider::move_eye).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveOptions {
    /// Slide or reject. Default: [`MovePolicy::Slide`].
    pub policy: MovePolicy,
    /// Ghost mode (Doom's `idclip`): the move passes unchanged, no collision
    /// at all. Default: `false`.
    pub ghost: bool,
    /// How many times the rest of a move may be redirected along a surface
    /// after an impact (Quake uses 4). Values above
    /// [`MAX_SLIDES`](super::MAX_SLIDES) count as that. Default: 4.
    pub max_slides: u32,
    /// After an impact the eye stops this far (in metres, measured along the
    /// surface normal) before the surface, so that rounding never leaves it
    /// inside. Must be finite and non-negative. Default: 1e-4 (0.1 mm).
    pub skin: f32,
    /// Whether a start that overlaps an obstacle is first pushed out along
    /// the minimum translation vector. Default: `true`.
    pub push_out_of_obstacles: bool,
}

impl Default for MoveOptions {
    fn default() -> Self {
        Self {
            policy: MovePolicy::Slide,
            ghost: false,
            max_slides: 4,
            skin: DEFAULT_SKIN,
            push_out_of_obstacles: true,
        }
    }
}

impl MoveOptions {
    /// The default options with the [`MovePolicy::Reject`] policy.
    pub fn reject() -> Self {
        Self {
            policy: MovePolicy::Reject,
            ..Self::default()
        }
    }

    /// The default options in ghost mode.
    pub fn ghost() -> Self {
        Self {
            ghost: true,
            ..Self::default()
        }
    }
}
