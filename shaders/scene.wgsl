// The world passes, sharing one view of the world (`Globals`): the textured
// house (walls, floor, ceiling and obstacles) lit by one directional light
// plus ambient, or, in a level with lamps, by its lamps plus ambient, each
// lamp shadowed by the walls as tall as it (a polar depth row per lamp);
// darkened where walls meet the floor and the ceiling, faded into fog with
// distance so depth reads at a glance; then the debug lines.

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
    // Linear RGB, and the intensity (its brightness at 1 m).
    colour: vec4<f32>,
    // A cone (the torch): its axis, and the cosine of its half angle; below
    // -1 for a lamp that lights all round.
    spot: vec4<f32>,
};

// Must match `MAX_LAMPS`, `SHADOW_DIRECTIONS` and `SHADOW_BIAS` in
// src/render/lamps.rs, `GRID_CELLS` in src/render/light_grid.rs, and
// `MAP_TEXELS` in src/render/light_map.rs.
const MAX_LAMPS: u32 = 8u;
const MAP_TEXELS: f32 = 1024.0;

// Set by the scene pipeline at fast quality: floors, ceilings and walls are
// lit through the light map (see `lamp_light`). A constant, not a uniform,
// so that a software rasterizer, which runs both sides of a branch, runs
// only one path.
override LIGHT_MAP: bool = false;
const SHADOW_DIRECTIONS: f32 = 1024.0;
const GRID_CELLS: i32 = 128;
// A point this much past the shadow depth is still lit: the rounding of the
// polar row; far less than a wall's half thickness, so a wall's far face
// stays dark.
const SHADOW_BIAS: f32 = 0.02;

struct Lamps {
    // x: lamps in use; y: 1 when the level is lit by lamps; z: 1 when the
    // light map holds the lamps' light (with `LIGHT_MAP`, and lamps besides
    // the torch in use); w: the slots before the first lamp (1 when the
    // torch is on, in slot 0; else 0).
    info: vec4<f32>,
    // The light grid: xy its origin (x, z), z its cells per metre.
    grid: vec4<f32>,
    // The light map: xy its origin (x, z), z its texels per metre, w its
    // texels a side in use.
    map: vec4<f32>,
    lamps: array<Lamp, MAX_LAMPS>,
};

@group(0) @binding(0) var<uniform> globals: Globals;
@group(0) @binding(1) var<uniform> lamps: Lamps;
// Per lamp slot (a row of SHADOW_DIRECTIONS), per direction around it: how
// far its light travels (x), and the stretch of floor a lower shape shades
// (y to z). A storage buffer: llvmpipe reads one far faster than a texture.
@group(0) @binding(2) var<storage, read> shadows: array<vec4<f32>>;
// Per cell of a square grid over the floor plan, the lamp slots that may
// light it (a bit each); see src/render/light_grid.rs.
@group(0) @binding(3) var light_grid: texture_2d<u32>;
// The light map's sight (src/render/light_map.rs): per texel, the lamp slots
// whose light reaches its centre past the full-height shapes (bits 0..7),
// and past the lower ones too, on the floor (bits 8..15).
@group(0) @binding(4) var light_sight: texture_2d<u32>;
// The light map: the lamps' light on the floor (layer 0) and on the
// ceiling (layer 1), per texel; MAP_TEXELS a side, the first `lamps.map.w`
// in use.
@group(0) @binding(5) var light_map: texture_2d_array<f32>;
@group(0) @binding(6) var light_map_sampler: sampler;
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
    // The face's normal, for the lamps.
    @location(4) normal: vec3<f32>,
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
    return out;
}

// The lamp slots in use that the light grid lists for the floor-plan point
// `flat`; the others light nothing there.
fn listed_lamps(flat: vec2<f32>) -> u32 {
    let cell = vec2<i32>(floor((flat - lamps.grid.xy) * lamps.grid.z));
    var listed = 0u;
    if all(cell >= vec2<i32>(0)) && all(cell < vec2<i32>(GRID_CELLS)) {
        listed = textureLoad(light_grid, cell, 0).r;
    }
    return listed & ((1u << min(u32(lamps.info.x), MAX_LAMPS)) - 1u);
}

// Whether lamp slot `i`'s shadow row keeps its light from the floor-plan
// point `flat`: behind a shape as tall as the lamp; or, `on_floor`, behind a
// lower one, up to where its top's shadow lands.
fn lamp_shaded(i: u32, flat: vec2<f32>, on_floor: bool) -> bool {
    let offset = flat - lamps.lamps[i].position.xz;
    // The "diamond angle" of the direction, in 0..4 (one division, no
    // arctangent): the shadow row's texels are spread evenly over it
    // (see `texel_direction` in src/render/lamps.rs).
    let t = offset.y / max(abs(offset.x) + abs(offset.y), 1e-12);
    let diamond = select(2.0 - t, select(4.0 + t, t, offset.y >= 0.0), offset.x >= 0.0);
    let direction = min(u32(diamond * (SHADOW_DIRECTIONS / 4.0)), u32(SHADOW_DIRECTIONS) - 1u);
    let row = shadows[i * u32(SHADOW_DIRECTIONS) + direction];
    let distance = length(offset);
    return distance > row.x + SHADOW_BIAS
        || (on_floor && distance > row.y + SHADOW_BIAS && distance < row.z);
}

// The light `lamp` adds at `world`, on a face with `normal`, when nothing is
// in its way: by its intensity over the squared distance, as it faces the
// lamp, falling smoothly to 0 at its radius; in its cone for the torch.
fn lamp_radiance(lamp: Lamp, world: vec3<f32>, normal: vec3<f32>) -> vec3<f32> {
    let to_lamp = lamp.position.xyz - world;
    let distance_squared = dot(to_lamp, to_lamp);
    let towards = to_lamp * inverseSqrt(max(distance_squared, 1e-6));
    let facing = max(dot(normal, towards), 0.0);
    // Inside a cone (the torch), fading over its outer tenth of the
    // angle's cosine.
    let in_cone = select(
        1.0,
        smoothstep(lamp.spot.w, mix(lamp.spot.w, 1.0, 0.1), dot(-towards, lamp.spot.xyz)),
        lamp.spot.w >= -1.0,
    );
    // Falls smoothly to 0 at the radius, and stays 0 beyond it.
    let edge = distance_squared * lamp.position.w;
    let window = clamp(1.0 - edge * edge, 0.0, 1.0);
    let falloff = lamp.colour.w / max(distance_squared, 0.25);
    return lamp.colour.rgb * (facing * falloff * window * window * in_cone);
}

// Whether `world`, on a face with `normal`, is on the floor (which lower
// shapes shade).
fn is_floor(world: vec3<f32>, normal: vec3<f32>) -> bool {
    return world.y < 0.01 && normal.y > 0.5;
}

// The light the lamp slots in `listed` add at `world`, on a face with
// `normal`, each where its shadow row lets its light get there.
//
// Every lamp listed runs the whole body: a software rasterizer shades
// several pixels in lockstep and runs both sides of a branch, so the
// shadow test picks with `select` instead of branching.
fn shadowed_light(listed_slots: u32, world: vec3<f32>, normal: vec3<f32>) -> vec3<f32> {
    var sum = vec3<f32>(0.0);
    var listed = listed_slots;
    let on_floor = is_floor(world, normal);
    while listed != 0u {
        let i = firstTrailingBit(listed);
        listed &= listed - 1u;
        let light = lamp_radiance(lamps.lamps[i], world, normal);
        sum += select(light, vec3<f32>(0.0), lamp_shaded(i, world.xz, on_floor));
    }
    return sum;
}

// The light the lamp slots in `seen` add at `world`, on a face with
// `normal`, all known to reach it (no shadow row is read).
fn seen_light(seen: u32, world: vec3<f32>, normal: vec3<f32>) -> vec3<f32> {
    var sum = vec3<f32>(0.0);
    var listed = seen;
    while listed != 0u {
        let i = firstTrailingBit(listed);
        listed &= listed - 1u;
        sum += lamp_radiance(lamps.lamps[i], world, normal);
    }
    return sum;
}

// The light map's sight texel holding the floor-plan point `flat`; none
// outside the map.
fn sight_at(flat: vec2<f32>) -> u32 {
    let texel = vec2<i32>(floor((flat - lamps.map.xy) * lamps.map.z));
    if all(texel >= vec2<i32>(0)) && all(texel < vec2<i32>(i32(lamps.map.w))) {
        return textureLoad(light_sight, texel, 0).r;
    }
    return 0u;
}

// The light the level's lamps in use (and the torch) add at `world`, on a
// face with `normal`.
//
// At full quality every lamp the light grid lists is looked at per pixel,
// with its shadow row. With the light map (fast quality), only the torch is:
// a floor or ceiling reads the lamps' light from the map (one filtered
// sample), and a wall or obstacle adds the light of the lamps that the map's
// sight says see a point a little in front of it, with no shadow row read.
fn lamp_light(world: vec3<f32>, normal: vec3<f32>) -> vec3<f32> {
    let listed = listed_lamps(world.xz);
    if !LIGHT_MAP {
        return shadowed_light(listed, world, normal);
    }
    let torch = (1u << u32(lamps.info.w)) - 1u;
    var sum = shadowed_light(listed & torch, world, normal);
    let on_floor = is_floor(world, normal);
    let on_ceiling = world.y > globals.fog.w - 0.01 && normal.y < -0.5;
    let flat = on_floor || on_ceiling;
    // Within the texels in use, whose outer ones hold no light.
    let texel = clamp((world.xz - lamps.map.xy) * lamps.map.z, vec2<f32>(0.5), vec2<f32>(lamps.map.w - 0.5));
    let mapped = textureSampleLevel(light_map, light_map_sampler, texel / MAP_TEXELS, select(0, 1, on_ceiling), 0.0);
    sum += select(vec3<f32>(0.0), mapped.rgb, flat && lamps.info.z > 0.5);
    // The nearest texel centre is within 0.71 texel of the point looked up:
    // that far, and past the shadow rows' bias, in front of the face, so a
    // lamp the face's own wall hides never counts.
    let ahead = world.xz + normal.xz * (0.75 / lamps.map.z + SHADOW_BIAS + 0.01);
    let seen = select(sight_at(ahead) & listed & ~torch, 0u, flat);
    return sum + seen_light(seen, world, normal);
}

// The light map's two passes (src/render/light_map.rs), each over the
// texels in use (a triangle covering the viewport).

@vertex
fn vs_light_map(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
    let corner = vec2<f32>(f32((index << 1u) & 2u), f32(index & 2u));
    return vec4<f32>(corner * 2.0 - 1.0, 0.0, 1.0);
}

// The floor-plan point at the centre of the map texel drawn at `at`.
fn map_point(at: vec4<f32>) -> vec2<f32> {
    return lamps.map.xy + at.xy / lamps.map.z;
}

// The sight of a texel: the lamp slots (not the torch's) whose light
// reaches its centre past the full-height shapes (bits 0..7), and past the
// lower ones too, on the floor (bits 8..15).
@fragment
fn fs_light_sight(@builtin(position) at: vec4<f32>) -> @location(0) u32 {
    let flat = map_point(at);
    let torch = (1u << u32(lamps.info.w)) - 1u;
    var listed = listed_lamps(flat) & ~torch;
    var seen = 0u;
    while listed != 0u {
        let i = firstTrailingBit(listed);
        listed &= listed - 1u;
        seen |= select(1u << i, 0u, lamp_shaded(i, flat, false));
        seen |= select(256u << i, 0u, lamp_shaded(i, flat, true));
    }
    return seen;
}

struct MapOut {
    @location(0) floor: vec4<f32>,
    @location(1) ceiling: vec4<f32>,
};

// The light on the floor and on the ceiling at a texel's centre, from the
// lamps that reach the centres of it and of its eight neighbours: a point
// the filtered sample mixes from a texel is within a texel of its centre,
// so a lamp whose light stops anywhere near (behind a wall, however thin)
// adds nothing there, and no light leaks past a wall.
@fragment
fn fs_light_map(@builtin(position) at: vec4<f32>) -> MapOut {
    let centre = vec2<i32>(at.xy);
    let last = vec2<i32>(i32(lamps.map.w) - 1);
    var seen = 0xffffu;
    for (var dz = -1; dz <= 1; dz++) {
        for (var dx = -1; dx <= 1; dx++) {
            let texel = clamp(centre + vec2<i32>(dx, dz), vec2<i32>(0), last);
            seen &= textureLoad(light_sight, texel, 0).r;
        }
    }
    let flat = map_point(at);
    var out: MapOut;
    let floor_light = seen_light(seen >> 8u, vec3<f32>(flat.x, 0.0, flat.y), vec3<f32>(0.0, 1.0, 0.0));
    let ceiling = vec3<f32>(flat.x, globals.fog.w, flat.y);
    out.floor = vec4<f32>(floor_light, 1.0);
    out.ceiling = vec4<f32>(seen_light(seen & 0xffu, ceiling, vec3<f32>(0.0, -1.0, 0.0)), 1.0);
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
    let corner = mix(1.0, 0.72 + 0.28 * clamp(gap * (1.0 / 0.45), 0.0, 1.0), in.vertical);
    // Lit by its lamps (the ambient, and what they add), or by the sun and
    // the ambient; a torch adds its light to either.
    let base = select(vec3<f32>(in.face_light), vec3<f32>(globals.light.w), lamps.info.y > 0.5);
    var light = base * corner;
    if lamps.info.x > 0.5 {
        light += lamp_light(in.world, normalize(in.normal)) * corner;
    }

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
