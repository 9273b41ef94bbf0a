// The world passes, sharing one view of the world (`Globals`): the textured
// house (walls, floor, ceiling and obstacles) lit by one directional light
// plus ambient, or, in a level with lamps, by its lamps plus ambient, each
// lamp shadowed by the walls as tall as it (a polar depth row per lamp);
// darkened where walls meet the floor and the ceiling, faded into fog with
// distance so depth reads at a glance; then the debug lines. At fast
// quality the lamps' light may be worked out at a lower resolution first
// (`fs_lamp_light`) and read back by the full-resolution pass
// (`fs_main_shared`); see src/render/shared_light.rs.

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

struct Lamp {
    // x, height, z, and 1 / radius².
    position: vec4<f32>,
    // Linear RGB times the intensity (its light at 1 m); w unused.
    colour: vec4<f32>,
    // A cone (the torch), as the ramp of its soft edge: across the edge,
    // dot(towards the lamp, xyz) + w runs from 0 outside to 1 inside. Zero
    // and 1 for a lamp that lights all round.
    spot: vec4<f32>,
};

// Must match `MAX_LAMPS` and `SHADOW_DIRECTIONS` in src/render/lamps.rs,
// and `GRID_CELLS` in src/render/light_grid.rs.
const MAX_LAMPS: u32 = 8u;
const SHADOW_DIRECTIONS: f32 = 1024.0;
const GRID_CELLS: i32 = 128;

struct Lamps {
    // x: lamps in use; y: 1 when the level is lit by lamps.
    info: vec4<f32>,
    // The light grid: xy its origin (x, z), z its cells per metre.
    grid: vec4<f32>,
    lamps: array<Lamp, MAX_LAMPS>,
};

@group(0) @binding(0) var<uniform> globals: Globals;
@group(0) @binding(1) var<uniform> lamps: Lamps;
// Per lamp slot (a row of SHADOW_DIRECTIONS), per direction around it, on
// the floor plan: how far its light travels, squared (x, an f32's bits),
// and the stretch of floor a lower shape shades (y, two half floats: from
// and to); the bias that covers the row's rounding is already added (see
// `gpu_texel` in src/render/lamps.rs). A storage buffer: llvmpipe reads
// one far faster than a texture, but fetches each word for each pixel on
// its own, so a texel is as few words as will do.
@group(0) @binding(2) var<storage, read> shadows: array<vec2<u32>>;
// Per cell of a square grid over the floor plan, the lamp slots that may
// light it (a bit each), a mask (a byte) per class of face; see
// src/render/light_grid.rs.
@group(0) @binding(3) var light_grid: texture_2d<u32>;
@group(1) @binding(0) var material_texture: texture_2d<f32>;
@group(1) @binding(1) var material_sampler: sampler;
// The lamps' light worked out once per block of LAMP_SCALE × LAMP_SCALE
// pixels, at the block's centre: rgb the light; a the point's key, its
// distance from the eye plus the way its face faces (`sample_key`; below 0
// where nothing was drawn). Only `fs_main_shared` reads it.
@group(2) @binding(0) var shared_lamp_light: texture_2d<f32>;
// Must match `LAMP_SCALE` in src/render/shared_light.rs.
const LAMP_SCALE: u32 = 2u;
// How far apart, in metres, the keys of shared samples on faces that face
// different ways lie (`face_way`).
const WAY_APART: f32 = 4096.0;

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
    // The face's normal, for the lamps (the same at every corner).
    @location(4) @interpolate(flat) normal: vec3<f32>,
    // Which way the face faces, as a distance far beyond any seen
    // (`face_way`), for the shared lamp light.
    @location(5) @interpolate(flat) way: f32,
    // Which of the light grid's masks the face reads (`face_class`).
    @location(6) @interpolate(flat) grid_class: u32,
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
    out.normal = in.normal;
    out.way = face_way(in.normal);
    out.grid_class = face_class(in.position.y, in.normal);
    return out;
}

// The light grid's class of a face at `height` facing along `normal`
// (`FaceClass` in src/render/light_grid.rs): the floor 1; faces whose
// normal is +x, -x, +z or -z 2 to 5; any other 0.
fn face_class(height: f32, normal: vec3<f32>) -> u32 {
    let along_axis = select(
        select(select(0u, 5u, normal.z < -0.9999), 4u, normal.z > 0.9999),
        select(3u, 2u, normal.x > 0.0),
        abs(normal.x) > 0.9999,
    );
    return select(along_axis, 1u, normal.y > 0.5 && height < 0.01);
}

// The light the level's lamps in use add at `world`, on a face with `normal`
// of light grid class `grid_class`:
// each facing lamp within its radius whose shadow row says its light gets
// there, by its intensity over the squared distance, falling smoothly to 0
// at its radius. Only the lamps the light grid lists for the point's cell
// and the face's class are looked at; the others light nothing there.
fn lamp_light(world: vec3<f32>, normal: vec3<f32>, grid_class: u32) -> vec3<f32> {
    var sum = vec3<f32>(0.0);
    let cell = vec2<i32>(floor((world.xz - lamps.grid.xy) * lamps.grid.z));
    var listed = 0u;
    if all(cell >= vec2<i32>(0)) && all(cell < vec2<i32>(GRID_CELLS)) {
        let masks = textureLoad(light_grid, cell, 0).rg;
        listed = (select(masks.x, masks.y, grid_class >= 4u) >> ((grid_class & 3u) * 8u)) & 0xffu;
    }
    listed &= (1u << min(u32(lamps.info.x), MAX_LAMPS)) - 1u;
    // Every lamp listed runs the whole body: a software rasterizer shades
    // several pixels in lockstep and runs both sides of a branch, so the
    // tests below pick with `select` instead of branching.
    let on_floor = grid_class == 1u;
    while listed != 0u {
        let i = firstTrailingBit(listed);
        listed &= listed - 1u;
        let lamp = lamps.lamps[i];
        let to_lamp = lamp.position.xyz - world;
        let distance_squared = dot(to_lamp, to_lamp);
        let flat = world.xz - lamp.position.xz;
        // The "diamond angle" of the direction, in 0..4 (one division, no
        // arctangent): the shadow row's texels are spread evenly over it
        // (see `texel_direction` in src/render/lamps.rs).
        let t = flat.y / max(abs(flat.x) + abs(flat.y), 1e-12);
        let diamond = select(2.0 - t, select(4.0 + t, t, flat.y >= 0.0), flat.x >= 0.0);
        let direction = min(u32(diamond * (SHADOW_DIRECTIONS / 4.0)), u32(SHADOW_DIRECTIONS) - 1u);
        let texel = i * u32(SHADOW_DIRECTIONS) + direction;
        let reach_squared = bitcast<f32>(shadows[texel].x);
        let from_to = unpack2x16float(shadows[texel].y);
        let lower_shade = from_to * from_to;
        let flat_squared = dot(flat, flat);
        // Behind a shape as tall as the lamp; or on the floor behind a
        // lower one, up to where its top's shadow lands.
        let shaded = flat_squared > reach_squared
            || (on_floor && flat_squared > lower_shade.x && flat_squared < lower_shade.y);
        let towards = to_lamp * inverseSqrt(max(distance_squared, 1e-6));
        let facing = max(dot(normal, towards), 0.0);
        // Inside a cone (the torch), fading smoothly over its soft edge.
        let ramp = clamp(dot(towards, lamp.spot.xyz) + lamp.spot.w, 0.0, 1.0);
        let in_cone = ramp * ramp * (3.0 - 2.0 * ramp);
        // Falls smoothly to 0 at the radius, and stays 0 beyond it.
        let edge = distance_squared * lamp.position.w;
        let window = clamp(1.0 - edge * edge, 0.0, 1.0);
        let light = lamp.colour.rgb
            * (facing * window * window * in_cone / max(distance_squared, 0.25));
        sum += select(light, vec3<f32>(0.0), shaded);
    }
    return sum;
}

// The colour of a pixel of the level lit by the lamps with `lamp` (their
// light there; zero without lamps). Per pixel only what varies across a
// face; kept lean because on a software rasterizer (llvmpipe) every
// instruction here is paid a million times a frame.
fn shade(in: VertexOut, lamp: vec3<f32>) -> vec4<f32> {
    let albedo = textureSample(material_texture, material_sampler, in.uv).rgb;

    // Walls darken towards the floor and the ceiling: corners and the
    // wall's foot stand out.
    let gap = min(in.world.y, globals.fog.w - in.world.y);
    let corner = mix(1.0, 0.72 + 0.28 * clamp(gap * (1.0 / 0.45), 0.0, 1.0), in.vertical);
    // Lit by its lamps (the ambient, and what they add), or by the sun and
    // the ambient; a torch adds its light to either.
    let base = select(vec3<f32>(in.face_light), vec3<f32>(globals.light.w), lamps.info.y > 0.5);
    var light = (base + lamp) * corner;

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

// The level with no lamp light: no lamp lights the frame.
//
// Which fragment shader runs is the pipeline's choice, never a branch on a
// uniform: Mesa's lavapipe (22.3 here) compiles a variant of a shader with
// the values of the uniforms that decide its branches written in, and with
// a branch on whether lamps were in use it made a new variant every frame
// of a level without lamps and kept them all: a window's memory grew by
// about 27 MB a second.
@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
    return shade(in, vec3<f32>(0.0));
}

// The level, each pixel working out its own lamp light.
@fragment
fn fs_lamps(in: VertexOut) -> @location(0) vec4<f32> {
    return shade(in, lamp_light(in.world, in.normal, in.grid_class));
}

// Which way a face faces: up, down, or along ±x or ±z (whichever its
// normal, unit or nearly so, is nearest), as a multiple of WAY_APART, added
// to a shared sample's distance so that samples on faces that face another
// way stand far off. Faces meeting at a crease (a box's top and side, two
// walls at a corner) differ in it even where their points lie at the same
// distance from the eye.
fn face_way(normal: vec3<f32>) -> f32 {
    let along_x = abs(normal.x) >= abs(normal.z);
    let way = select(
        select(select(4.0, 5.0, normal.z > 0.0), select(2.0, 3.0, normal.x > 0.0), along_x),
        select(6.0, 1.0, normal.y > 0.0),
        abs(normal.y) > 0.5,
    );
    return way * WAY_APART;
}

// The shared key of a point: its distance from the eye (at most a little
// under WAY_APART), plus the way its face faces.
fn sample_key(in: VertexOut) -> f32 {
    return min(length(in.world - globals.eye.xyz), WAY_APART - 1.0) + in.way;
}

// The lamps' light alone, and the point's key (`sample_key`), into the
// shared lamp light (drawn at 1 / LAMP_SCALE of the resolution).
@fragment
fn fs_lamp_light(in: VertexOut) -> @location(0) vec4<f32> {
    return vec4<f32>(lamp_light(in.world, in.normal, in.grid_class), sample_key(in));
}

// The level, each pixel taking its light from the shared sample that most
// likely lies on its own face: of its block's and the one diagonally next
// to it on the pixel's side of the block's centre, the one facing the same
// way at the nearest distance from the eye.
@fragment
fn fs_main_shared(in: VertexOut) -> @location(0) vec4<f32> {
    let pixel = vec2<i32>(in.clip.xy);
    let block = pixel / i32(LAMP_SCALE);
    // -1 or +1 along each axis: the side of the block's centre the pixel
    // lies on.
    let side = (pixel - block * i32(LAMP_SCALE)) * 2 - vec2<i32>(1);
    // A block past the target's edge reads as zeros (a key far from any
    // face's) or as its nearest texel.
    let own = textureLoad(shared_lamp_light, block, 0);
    let next = textureLoad(shared_lamp_light, block + side, 0);
    let key = sample_key(in);
    let nearer = abs(next.a - key) < abs(own.a - key);
    return shade(in, select(own.rgb, next.rgb, nearer));
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
