// The sky: a full-screen triangle at the far plane, drawn after the
// level where the level left the depth as cleared, and the faces the
// level paints with it, each
// pixel sampling the sky's texture where the view ray through it meets a
// cylinder around the eye, as Doom draws its skies: the texture's width
// wraps TEXTURES_A_TURN times around the turn, measured counter-clockwise
// from +x as Doom's angles are (Doom's y is our −z), and its rows stand
// upright at the cylinder's radius, the horizon on HORIZON_ROW of it. The
// texture does not tilt with the view; looking up past its top or down past
// its bottom shows its first or last row.

const TAU: f32 = 6.2831853;
// How many times the texture's width goes around the eye.
const TEXTURES_A_TURN: f32 = 4.0;
// Where the horizon lies down the texture, as a share of its height:
// Doom's row 100 of its 128.
const HORIZON_ROW: f32 = 0.78125;

struct SkyGlobals {
    // Clip space to a direction from the eye (the inverse of the view and
    // projection without the eye's place), column-major.
    direction_from_clip: mat4x4<f32>,
    // World to clip, for the faces painted with the sky.
    view_projection: mat4x4<f32>,
};

@group(0) @binding(0) var<uniform> globals: SkyGlobals;
@group(1) @binding(0) var sky_texture: texture_2d<f32>;
@group(1) @binding(1) var sky_sampler: sampler;

struct VertexOutput {
    @builtin(position) clip: vec4<f32>,
    // The clip position's x, y and w: each pixel's x and y over w are
    // its place on the view, −1 to 1.
    @location(0) clip_xyw: vec3<f32>,
};

// The triangle over the whole view, at the far plane: drawn only where
// nothing nearer was.
@vertex
fn vs_sky(@location(0) corner: vec2<f32>) -> VertexOutput {
    var out: VertexOutput;
    out.clip = vec4<f32>(corner, 1.0, 1.0);
    out.clip_xyw = vec3<f32>(corner, 1.0);
    return out;
}

// A face of the level painted with the sky: where it is, the sky is seen
// as through an opening.
@vertex
fn vs_sky_face(@location(0) position: vec3<f32>) -> VertexOutput {
    var out: VertexOutput;
    out.clip = globals.view_projection * vec4<f32>(position, 1.0);
    out.clip_xyw = out.clip.xyw;
    return out;
}

@fragment
fn fs_sky(in: VertexOutput) -> @location(0) vec4<f32> {
    let on_view = in.clip_xyw.xy / in.clip_xyw.z;
    let far = globals.direction_from_clip * vec4<f32>(on_view, 1.0, 1.0);
    let direction = far.xyz / far.w;
    let around = max(length(direction.xz), 1e-6);
    let size = vec2<f32>(textureDimensions(sky_texture));
    // The cylinder's radius in texels: TEXTURES_A_TURN widths around it.
    let radius = size.x * TEXTURES_A_TURN / TAU;
    let u = atan2(-direction.z, direction.x) / TAU * TEXTURES_A_TURN;
    let row = HORIZON_ROW * size.y - radius * direction.y / around;
    let v = clamp(row, 0.5, size.y - 0.5) / size.y;
    // Level 0 only: the wrap of `u` behind the eye would otherwise pick a
    // blurred level along a line there.
    let texel = textureSampleLevel(sky_texture, sky_sampler, vec2<f32>(u, v), 0.0);
    return vec4<f32>(texel.rgb, 1.0);
}
