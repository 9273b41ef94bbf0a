//! The values of every optional key of the level format (see
//! `docs/level-format.md`).

/// `wall_radius`: how close the eye may come to a wall, in metres.
pub const WALL_RADIUS: f32 = 0.3;
/// `wall_thickness`: rendered thickness of walls, in metres.
pub const WALL_THICKNESS: f32 = 0.15;
/// `wall_material`.
pub const WALL_MATERIAL: &str = "plaster";
/// `obstacle_height`: rendered height of obstacles, in metres.
pub const OBSTACLE_HEIGHT: f32 = 0.8;
/// `obstacle_material`.
pub const OBSTACLE_MATERIAL: &str = "wood";
/// `[[obstacle]] mass` of a loose obstacle, in kilograms.
pub const OBSTACLE_MASS: f32 = 20.0;
/// `[[obstacle]] friction`: a loose obstacle's floor friction coefficient.
pub const OBSTACLE_FRICTION: f32 = 0.5;
/// `[[obstacle]] bounce`: a loose obstacle's restitution.
pub const OBSTACLE_BOUNCE: f32 = 0.2;
/// The largest `[[obstacle]] friction`.
pub const MAX_OBSTACLE_FRICTION: f32 = 2.0;
/// `[player] yaw`, in degrees (looking along +x).
pub const YAW_DEGREES: f32 = 0.0;
/// `[player] radius`: body radius against obstacles, in metres.
pub const PLAYER_RADIUS: f32 = 0.25;
/// `[player] eye_height`, in metres.
pub const EYE_HEIGHT: f32 = 1.6;
/// `[player] step`: the highest step up the walker takes, in metres.
pub const PLAYER_STEP: f32 = 0.4;
/// The largest `[player] step`, in metres.
pub const MAX_PLAYER_STEP: f32 = 2.0;
/// `[player] height`: the headroom the walker needs, in metres, when the
/// eye is lower than it; otherwise the eye height plus
/// [`HEAD_ABOVE_EYE`].
pub const PLAYER_HEIGHT: f32 = 1.8;
/// How far the head reaches above the eye when `[player] height` is not
/// written and the eye is at or above [`PLAYER_HEIGHT`], in metres.
pub const HEAD_ABOVE_EYE: f32 = PLAYER_HEIGHT - EYE_HEIGHT;
/// The lowest and highest `[[floor]] height`, in metres.
pub const FLOOR_HEIGHT_LIMIT: f32 = 100.0;
/// `[environment] ground`: whatever lies outside every floor is the ground.
pub const GROUND: bool = true;
/// A floor's `light`: the whole of the light, as before floors had one.
pub const FLOOR_LIGHT: f32 = 1.0;
/// A floor's `sky`: its ceiling is drawn.
pub const FLOOR_SKY: bool = false;
/// `[player] push`: the most force the walker pushes a loose obstacle
/// with, in newtons.
pub const PLAYER_PUSH: f32 = 300.0;
/// `[player] kick`: the impulse of a kick, in newton-seconds.
pub const PLAYER_KICK: f32 = 60.0;
/// `[environment] floor`.
pub const FLOOR_MATERIAL: &str = "wood_floor";
/// `[environment] ceiling`.
pub const CEILING_MATERIAL: &str = "ceiling";
/// `[environment] ceiling_height`, in metres; also the default `wall_height`.
pub const CEILING_HEIGHT: f32 = 2.8;
/// `[environment] light_direction` (before normalising): down, from +x/+z.
pub const LIGHT_DIRECTION: [f32; 3] = [-0.4, -1.0, -0.3];
/// `[environment] ambient`.
pub const AMBIENT: f32 = 0.35;
/// `[environment] fog_distance`, in metres.
pub const FOG_DISTANCE: f32 = 60.0;
/// The farthest `fog_distance` a level may set, in metres: the far plane
/// follows the fog ([`crate::camera::far_plane`]), and past this a 32-bit
/// depth buffer no longer tells the farthest visible walls from the far
/// plane.
pub const MAX_FOG_DISTANCE: f32 = 10_000.0;
/// `metres_per_repeat` of a `[[material]]` with an image `file`.
pub const FILE_METRES_PER_REPEAT: f32 = 2.0;
/// How far below the ceiling a `[[light]]` without a `height` hangs, in
/// metres: its default height is `ceiling_height` minus this.
pub const LIGHT_BELOW_CEILING: f32 = 0.3;
/// `[[light]] colour`: a warm white, linear RGB.
pub const LIGHT_COLOUR: [f32; 3] = [1.0, 0.9, 0.75];
/// `[[light]] intensity`: brightness at 1 m.
pub const LIGHT_INTENSITY: f32 = 1.0;
/// `[[light]] radius`: the distance, in metres, past which a lamp adds nothing.
pub const LIGHT_RADIUS: f32 = 8.0;
/// `[[door]] swing`: how far a swing door turns, in degrees.
pub const DOOR_SWING_DEGREES: f32 = 90.0;
/// The largest `[[door]] swing` either way, in degrees.
pub const DOOR_MAX_SWING_DEGREES: f32 = 170.0;
/// `[[door]] thickness`, in metres.
pub const DOOR_THICKNESS: f32 = 0.06;
/// `[[door]] height`, in metres.
pub const DOOR_HEIGHT: f32 = 2.1;
/// `[[door]] material`: a builtin, so every level has it.
pub const DOOR_MATERIAL: &str = "wood";
/// `[[door]] speed`: metres a second at the leaf's free edge.
pub const DOOR_SPEED: f32 = 1.5;
/// `[[door]] close_after`: seconds open before closing again.
pub const DOOR_CLOSE_AFTER: f32 = 4.0;
/// `[[lift]] wait`: seconds a lift waits down before it rises (Doom's
/// 105 tics).
pub const LIFT_WAIT: f32 = 3.0;
/// `[[lift]] speed`: metres a second (Doom's 4 units a tic at 35 tics a
/// second, 32 units a metre).
pub const LIFT_SPEED: f32 = 4.375;
/// How close, in metres, the eye comes to a `near` door's span to open it;
/// also how near a door the use key reaches when the crosshair meets none.
pub const DOOR_NEAR_DISTANCE: f32 = 1.5;
/// How far, in metres, the crosshair reaches for the use key.
pub const DOOR_USE_REACH: f32 = 2.0;
