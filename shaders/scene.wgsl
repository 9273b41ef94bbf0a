// The world passes, sharing one view of the world (`Globals`): the textured
// house (walls, floor, ceiling and obstacles) lit by one directional light
// plus ambient, darkened where walls meet the floor and the ceiling, faded
// into fog with distance so depth reads at a glance; then the debug lines.

struct Globals {
    // World to clip.
    view_proj: mat4x4<f32>,
    // xyz: the eye; w: the fog distance in metres.
    eye: vec4<f32>,
    // xyz: the direction the light travels (unit); w: the ambient fraction.
    light: vec4<f32>,
    // rgb: the fog colour (linear); w: the ceiling height in metres.
    fog: vec4<f32>,
};

@group(0) @binding(0) var<uniform> globals: Globals;
@group(1) @binding(0) var material_texture: texture_2d<f32>;
@group(1) @binding(1) var material_sampler: sampler;

struct VertexIn {
    @location(0) position: vec3<f32>,
    @location(1) normal: vec3<f32>,
    @location(2) uv: vec2<f32>,
};

struct VertexOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) world: vec3<f32>,
    @location(1) uv: vec2<f32>,
    // Light on this face from the sun and the ambient (constant per face).
    @location(2) face_light: f32,
    // 1 on walls, 0 on floors and ceilings.
    @location(3) vertical: f32,
};

@vertex
fn vs_main(in: VertexIn) -> VertexOut {
    var out: VertexOut;
    out.clip = globals.view_proj * vec4<f32>(in.position, 1.0);
    out.world = in.position;
    out.uv = in.uv;
    let facing = dot(in.normal, -globals.light.xyz);
    // Half direct (Lambert), half wrapped, so walls facing away from the
    // light keep their texture instead of going flat.
    let diffuse = 0.55 * max(facing, 0.0) + 0.45 * (0.5 + 0.5 * facing);
    let ambient = globals.light.w;
    out.face_light = ambient + (1.0 - ambient) * diffuse;
    out.vertical = 1.0 - abs(in.normal.y);
    return out;
}

// Per pixel only what varies across a face; kept lean because on a software
// rasterizer (llvmpipe) every instruction here is paid a million times a
// frame.
@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
    let albedo = textureSample(material_texture, material_sampler, in.uv).rgb;

    // Walls darken towards the floor and the ceiling: corners and the
    // wall's foot stand out.
    let gap = min(in.world.y, globals.fog.w - in.world.y);
    let corner = 0.72 + 0.28 * clamp(gap * (1.0 / 0.45), 0.0, 1.0);
    var light = in.face_light * mix(1.0, corner, in.vertical);

    let offset = in.world - globals.eye.xyz;
    let distance_squared = dot(offset, offset);
    // A little light carried at the eye: what is near is brighter.
    light *= 0.7 + 0.5 / (1.0 + 0.05 * distance_squared);
    // Fog grows with the square of the distance, full at the fog distance.
    let fog_distance = max(globals.eye.w, 0.001);
    let fog = min(distance_squared / (fog_distance * fog_distance), 1.0);
    let colour = mix(albedo * light, globals.fog.rgb, fog);
    return vec4<f32>(colour, 1.0);
}

// Debug lines: every wall, its collision radius and every obstacle the
// collider knows, in flat colour over the scene (the pipeline skips the
// depth test), so they show through walls.

struct LineIn {
    @location(0) position: vec3<f32>,
    @location(1) colour: vec4<f32>,
};

struct LineOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) colour: vec4<f32>,
};

@vertex
fn vs_line(in: LineIn) -> LineOut {
    var out: LineOut;
    out.clip = globals.view_proj * vec4<f32>(in.position, 1.0);
    out.colour = in.colour;
    return out;
}

@fragment
fn fs_line(in: LineOut) -> @location(0) vec4<f32> {
    return in.colour;
}
