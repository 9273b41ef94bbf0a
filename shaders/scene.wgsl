// The world passes, sharing one view of the world (`Globals`): the textured
// house (walls, floor, ceiling and obstacles) lit by one directional light
// plus ambient, or, in a level with lamps, by its lamps plus ambient, each
// lamp shadowed by the walls as tall as it (a polar depth row per lamp);
// darkened where walls meet the floor and the ceiling, faded into fog with
// distance so depth reads at a glance; then the debug lines. At fast
// quality the lamps' light is baked into a light cache per chunk
// (`fs_bake`) and each pixel takes one sample of it (`fs_cached`); see
// src/render/light_cache.rs.

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
};

// The torch: a lamp at the eye, lighting a cone along the view. It casts
// no shadow and has no shadow row: every point the eye sees, a light at
// the eye reaches.
struct Torch {
    lamp: Lamp,
    // The cone, as the ramp of its soft edge: across the edge,
    // dot(towards the torch, xyz) + w runs from 0 outside to 1 inside.
    spot: vec4<f32>,
};

// The constants this shader shares with the code are written before this
// text when the pipeline is made, from their Rust values
// (`shared_constants` in src/render/scene_shader.rs): MAX_LAMPS and
// SHADOW_DIRECTIONS, the lamps a frame lights and the directions of their
// shadow rows; SHADOW_BIAS, the slack added to each shadow row texel's
// reach; GRID_CELLS, the light grid's cells along a side; and the grid's
// classes of face, FACE_ANY, FACE_FLOOR, FACE_PLUS_X, FACE_MINUS_X,
// FACE_PLUS_Z and FACE_MINUS_Z.

struct Lamps {
    // x: lamps in use; y: 1 when the level is lit by lamps.
    info: vec4<f32>,
    // The light grid: xy its origin (x, z), z its cells per metre.
    grid: vec4<f32>,
    // Zero when off; read only by the entry points that draw it.
    torch: Torch,
    lamps: array<Lamp, MAX_LAMPS>,
};

@group(0) @binding(0) var<uniform> globals: Globals;
@group(0) @binding(1) var<uniform> lamps: Lamps;
// Per lamp slot (a row of SHADOW_DIRECTIONS), per direction around it, on
// the floor plan: how far its light travels, squared (x, an f32's bits),
// and the stretch of floor a lower shape shades (y, two half floats: from
// and to); the bias that covers the row's rounding is already added (see
// `gpu_texel` in src/render/lamps/texel.rs). A storage buffer: llvmpipe reads
// one far faster than a texture, but fetches each word for each pixel on
// its own, so a texel is as few words as will do.
@group(0) @binding(2) var<storage, read> shadows: array<vec2<u32>>;
// Per cell of a square grid over the floor plan, the lamp slots that may
// light it (a bit each), a mask (a byte) per class of face; see
// src/render/light_grid.rs.
@group(0) @binding(3) var light_grid: texture_2d<u32>;
@group(1) @binding(0) var material_texture: texture_2d<f32>;
@group(1) @binding(1) var material_sampler: sampler;

// Whether the pipeline draws see-through walls (a pipeline-overridable
// constant, which only the see-through pipelines of src/render/scene.rs
// set): a texel less than half opaque is then not drawn. Every other
// pipeline keeps it false, so that the driver drops the `discard`, which
// on a real GPU would cost them the early depth test.
override ALPHA_TEST: bool = false;
// The chunk's light cache: the lamps' light on each face of its mesh,
// baked by `fs_bake`; only `fs_cached` and `fs_cached_torch` read it.
@group(2) @binding(0) var light_cache: texture_2d<f32>;
@group(2) @binding(1) var light_cache_sampler: sampler;

struct VertexIn {
    @location(0) position: vec3<f32>,
    @location(1) normal: vec3<f32>,
    @location(2) uv: vec2<f32>,
    // Where the vertex lies in its chunk's light cache (0..1).
    @location(3) light_uv: vec2<f32>,
    // The light of the floor its face looks into (0..1): it scales all
    // the light on the face.
    @location(4) floor_light: f32,
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
    // Which of the light grid's masks the face reads (`face_class`).
    @location(5) @interpolate(flat) grid_class: u32,
    // Where the point lies in its chunk's light cache.
    @location(6) light_uv: vec2<f32>,
    // The light of the floor the face looks into (the same at every
    // corner).
    @location(7) @interpolate(flat) floor_light: f32,
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
    out.grid_class = face_class(in.position.y, in.normal);
    out.light_uv = in.light_uv;
    out.floor_light = in.floor_light;
    return out;
}

// The light grid's class of a face at `height` facing along `normal`
// (`FaceClass` in src/render/light_grid.rs): the floor; faces whose
// normal is +x, -x, +z or -z; any other.
fn face_class(height: f32, normal: vec3<f32>) -> u32 {
    let along_axis = select(
        select(select(FACE_ANY, FACE_MINUS_Z, normal.z < -0.9999), FACE_PLUS_Z, normal.z > 0.9999),
        select(FACE_MINUS_X, FACE_PLUS_X, normal.x > 0.0),
        abs(normal.x) > 0.9999,
    );
    return select(along_axis, FACE_FLOOR, normal.y > 0.5 && height < 0.01);
}

// The lamp slots in use that the light grid lists for `world`'s cell and
// the class `grid_class` of its face (a bit each); the others light
// nothing there.
fn listed_lamps(world: vec3<f32>, grid_class: u32) -> u32 {
    let cell = vec2<i32>(floor((world.xz - lamps.grid.xy) * lamps.grid.z));
    var listed = 0u;
    if all(cell >= vec2<i32>(0)) && all(cell < vec2<i32>(GRID_CELLS)) {
        let masks = textureLoad(light_grid, cell, 0).rg;
        listed = (select(masks.x, masks.y, grid_class >= 4u) >> ((grid_class & 3u) * 8u)) & 0xffu;
    }
    return listed & ((1u << min(u32(lamps.info.x), MAX_LAMPS)) - 1u);
}

// The light the lamps in the slots `listed` add at `world`, on a face with
// `normal` (see `one_lamp_light`).
fn lamp_light(world: vec3<f32>, normal: vec3<f32>, lamps_listed: u32) -> vec3<f32> {
    var sum = vec3<f32>(0.0);
    var listed = lamps_listed;
    while listed != 0u {
        let i = firstTrailingBit(listed);
        listed &= listed - 1u;
        sum += one_lamp_light(i, world, normal);
    }
    return sum;
}

// The light the lamp in slot `i` adds at `world`, on a face with `normal`:
// when its shadow row says its light gets there, by its intensity over the
// squared distance, falling smoothly to 0 at its radius. A face turned up
// (a floor's top, at any height) is also shaded by the lower shapes.
fn one_lamp_light(i: u32, world: vec3<f32>, normal: vec3<f32>) -> vec3<f32> {
    // Every lamp listed runs the whole body: a software rasterizer shades
    // several pixels in lockstep and runs both sides of a branch, so the
    // tests below pick with `select` instead of branching.
    let lamp = lamps.lamps[i];
    let to_lamp = lamp.position.xyz - world;
    let distance_squared = dot(to_lamp, to_lamp);
    let flat = world.xz - lamp.position.xz;
    let on_floor = normal.y > 0.5;
    let from_to = unpack2x16float(shadows[shadow_texel(i, flat)].y);
    let lower_shade = from_to * from_to;
    let flat_squared = dot(flat, flat);
    // The row's shade ends where the line from the lamp over the lower
    // shape's top (or a ledge's rim) meets the ground, at 0; it meets a
    // floor at another height as much nearer or farther as that floor
    // lies less or more far below the lamp (exactly 1 at 0).
    let below = max(lamp.position.y - world.y, 0.0) / max(lamp.position.y, 1e-3);
    // Behind a shape as tall as the lamp; or on the floor behind a lower
    // one, up to where its top's shadow lands.
    let shaded = beyond_reach(i, flat)
        || (on_floor && flat_squared > lower_shade.x && flat_squared < lower_shade.y * below * below);
    let towards = to_lamp * inverseSqrt(max(distance_squared, 1e-6));
    let light = falloff(lamp, distance_squared, max(dot(normal, towards), 0.0));
    return select(light, vec3<f32>(0.0), shaded);
}

// The light of `lamp` at `distance_squared` from it on a face turned
// `facing` (the cosine) towards it: by its intensity over the squared
// distance, falling smoothly to 0 at its radius and staying 0 beyond.
fn falloff(lamp: Lamp, distance_squared: f32, facing: f32) -> vec3<f32> {
    let edge = distance_squared * lamp.position.w;
    let window = clamp(1.0 - edge * edge, 0.0, 1.0);
    return lamp.colour.rgb * (facing * window * window / max(distance_squared, 0.25));
}

// The torch's light at `world`, on a face with `normal`: a lamp's falloff
// inside its cone, fading smoothly over the cone's soft edge. No shadow,
// no shadow row and no light grid: a few arithmetic operations a pixel.
fn torch_light(world: vec3<f32>, normal: vec3<f32>) -> vec3<f32> {
    let torch = lamps.torch;
    let to_torch = torch.lamp.position.xyz - world;
    let distance_squared = dot(to_torch, to_torch);
    // Both cosines from the direction as it is, scaled once: no vector
    // is normalised, and the cone scales the falloff's one number.
    let inverse_distance = inverseSqrt(max(distance_squared, 1e-6));
    let ramp = clamp(dot(to_torch, torch.spot.xyz) * inverse_distance + torch.spot.w, 0.0, 1.0);
    let in_cone = ramp * ramp * (3.0 - 2.0 * ramp);
    let facing = max(dot(normal, to_torch) * inverse_distance, 0.0);
    return falloff(torch.lamp, distance_squared, facing * in_cone);
}

// The index in the shadow buffer of slot `i`'s row's texel in the direction
// of `flat`, a floor-plan offset from its lamp: by the "diamond angle" of
// the direction, in 0..4 (one division, no arctangent), over which the
// row's texels are spread evenly (see `texel_direction` in
// src/render/shadow.rs).
fn shadow_texel(i: u32, flat: vec2<f32>) -> u32 {
    let t = flat.y / max(abs(flat.x) + abs(flat.y), 1e-12);
    let diamond = select(2.0 - t, select(4.0 + t, t, flat.y >= 0.0), flat.x >= 0.0);
    let direction = min(u32(diamond * (SHADOW_DIRECTIONS / 4.0)), u32(SHADOW_DIRECTIONS) - 1u);
    return i * u32(SHADOW_DIRECTIONS) + direction;
}

// Whether `flat`, a floor-plan offset from the lamp in slot `i`, lies
// beyond where its light travels: behind a shape as tall as the lamp.
fn beyond_reach(i: u32, flat: vec2<f32>) -> bool {
    return dot(flat, flat) > bitcast<f32>(shadows[shadow_texel(i, flat)].x);
}

// The light the lamps in the slots `listed` add at a texel of the light
// cache at `world`, on a face with `normal`: as `lamp_light`, but each lamp counted only where its light
// also gets to the four corners `world ± along ± across` (floor-plan
// offsets along the face's axes, a texel and the shadow rows' slack long).
// Filtering mixes the texels up to one apart along each axis, so a texel
// lit by a lamp whose light stops within a texel of it would carry that
// light past where it stops: under a thin wall or a closed door, to the
// floor on its other side.
fn held_lamp_light(world: vec3<f32>, normal: vec3<f32>, lamps_listed: u32, along: vec2<f32>, across: vec2<f32>) -> vec3<f32> {
    var sum = vec3<f32>(0.0);
    var listed = lamps_listed;
    while listed != 0u {
        let i = firstTrailingBit(listed);
        listed &= listed - 1u;
        let flat = world.xz - lamps.lamps[i].position.xz;
        let held = !(beyond_reach(i, flat + along + across) || beyond_reach(i, flat + along - across)
            || beyond_reach(i, flat - along + across) || beyond_reach(i, flat - along - across));
        sum += select(vec3<f32>(0.0), one_lamp_light(i, world, normal), held);
    }
    return sum;
}

// The colour of a pixel of the level lit by the lamps with `lamp` (their
// light there; zero without lamps). Per pixel only what varies across a
// face; kept lean because on a software rasterizer (llvmpipe) every
// instruction here is paid a million times a frame.
fn shade(in: VertexOut, lamp: vec3<f32>) -> vec4<f32> {
    let texel = textureSample(material_texture, material_sampler, in.uv);
    if ALPHA_TEST && texel.a < 0.5 {
        discard;
    }
    let albedo = texel.rgb;

    // Walls darken towards the floor and the ceiling: corners and the
    // wall's foot stand out.
    let gap = min(in.world.y, globals.fog.w - in.world.y);
    let corner = mix(1.0, 0.72 + 0.28 * clamp(gap * (1.0 / 0.45), 0.0, 1.0), in.vertical);
    // Lit by its lamps (the ambient, and what they add), or by the sun and
    // the ambient; a torch adds its light to either; all of it scaled by
    // the light of the floor the face looks into (a Doom sector's).
    let base = select(vec3<f32>(in.face_light), vec3<f32>(globals.light.w), lamps.info.y > 0.5);
    var light = (base + lamp) * corner * in.floor_light;

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
// uniform: Mesa's lavapipe compiles a variant of a shader with the values
// of the uniforms that decide its branches written in, so a branch on
// whether lamps are in use would make a new variant every frame of a level
// without lamps and keep them all, and the window's memory would grow
// without bound.
@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
    return shade(in, vec3<f32>(0.0));
}

// The level, each pixel working out its own lamp light.
@fragment
fn fs_lamps(in: VertexOut) -> @location(0) vec4<f32> {
    return shade(in, lamp_light(in.world, in.normal, listed_lamps(in.world, in.grid_class)));
}

// The same with the torch on top.
@fragment
fn fs_lamps_torch(in: VertexOut) -> @location(0) vec4<f32> {
    let lamp = lamp_light(in.world, in.normal, listed_lamps(in.world, in.grid_class));
    return shade(in, lamp + torch_light(in.world, in.normal));
}

// The level, each pixel taking its lamps' light from its chunk's light
// cache (one filtered sample, of its one level: no derivatives to work out).
@fragment
fn fs_cached(in: VertexOut) -> @location(0) vec4<f32> {
    return shade(in, textureSampleLevel(light_cache, light_cache_sampler, in.light_uv, 0.0).rgb);
}

// The same with the torch, which moves with the eye and so is never
// cached, worked out per pixel on top.
@fragment
fn fs_cached_torch(in: VertexOut) -> @location(0) vec4<f32> {
    let cached = textureSampleLevel(light_cache, light_cache_sampler, in.light_uv, 0.0).rgb;
    return shade(in, cached + torch_light(in.world, in.normal));
}

// Baking the light cache (src/render/light_cache.rs): one instance per
// face (`LightPatch` in src/level/light_layout.rs), a rectangle of texels
// with a border of one, each texel lit at the point of the face nearest
// its centre, so that filtering at a face's edge reads that face's light
// and never another's.

struct PatchIn {
    // xy: the rectangle's corner in texels, border included; zw: the
    // face's size in texels.
    @location(0) cell: vec4<f32>,
    // The face's local origin (xyz); w: metres a texel.
    @location(1) origin: vec4<f32>,
    // The face's axes (xyz); w: the cache's width (along) and height
    // (across) in texels.
    @location(2) along: vec4<f32>,
    @location(3) across: vec4<f32>,
    @location(4) normal: vec4<f32>,
};

struct BakeOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) @interpolate(flat) cell: vec4<f32>,
    @location(1) @interpolate(flat) origin: vec4<f32>,
    @location(2) @interpolate(flat) along: vec3<f32>,
    @location(3) @interpolate(flat) across: vec3<f32>,
    @location(4) @interpolate(flat) normal: vec3<f32>,
};

@vertex
fn vs_bake(@builtin(vertex_index) corner: u32, face: PatchIn) -> BakeOut {
    // Two triangles over the rectangle, border included.
    let x = select(0.0, 1.0, corner == 1u || corner == 4u || corner == 5u);
    let y = select(0.0, 1.0, corner == 2u || corner == 3u || corner == 5u);
    let texel = face.cell.xy + vec2<f32>(x, y) * (ceil(face.cell.zw) + 2.0);
    let size = vec2<f32>(face.along.w, face.across.w);
    var out: BakeOut;
    out.clip = vec4<f32>(texel.x / size.x * 2.0 - 1.0, 1.0 - texel.y / size.y * 2.0, 0.0, 1.0);
    out.cell = face.cell;
    out.origin = face.origin;
    out.along = face.along.xyz;
    out.across = face.across.xyz;
    out.normal = face.normal.xyz;
    return out;
}

@fragment
fn fs_bake(in: BakeOut) -> @location(0) vec4<f32> {
    let local = clamp(in.clip.xy - (in.cell.xy + 1.0), vec2<f32>(0.0), in.cell.zw);
    let world = in.origin.xyz + (in.along * local.x + in.across * local.y) * in.origin.w;
    let grid_class = face_class(world.y, in.normal);
    let apart = in.origin.w + SHADOW_BIAS;
    let light = held_lamp_light(
        world, in.normal, listed_lamps(world, grid_class),
        in.along.xz * apart, in.across.xz * apart,
    );
    return vec4<f32>(light, 1.0);
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
