// The screen text: egui's meshes (positions in points, colours in
// premultiplied sRGB) drawn over the frame, sampling egui's font atlas.

struct Screen {
    // xy: clip-space units per point, x rightwards and y downwards.
    scale: vec4<f32>,
};

@group(0) @binding(0) var<uniform> screen: Screen;
@group(0) @binding(1) var atlas: texture_2d<f32>;
@group(0) @binding(2) var atlas_sampler: sampler;

struct VertexIn {
    // Points from the top-left corner.
    @location(0) position: vec2<f32>,
    // Atlas coordinates, 0..1.
    @location(1) uv: vec2<f32>,
    // Premultiplied sRGB.
    @location(2) colour: vec4<f32>,
};

struct VertexOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) uv: vec2<f32>,
    @location(1) colour: vec4<f32>,
};

fn placed(in: VertexIn) -> VertexOut {
    var out: VertexOut;
    out.clip = vec4<f32>(in.position * screen.scale.xy + vec2<f32>(-1.0, 1.0), 0.0, 1.0);
    out.uv = in.uv;
    out.colour = in.colour;
    return out;
}

// sRGB's transfer function, decoding: 0..1 encoded to 0..1 linear.
fn linear_from_srgb(encoded: vec3<f32>) -> vec3<f32> {
    let low = encoded / 12.92;
    let high = pow((encoded + 0.055) / 1.055, vec3<f32>(2.4));
    return select(high, low, encoded <= vec3<f32>(0.04045));
}

// Over an sRGB target the colour is decoded here, once a vertex, and the
// atlas (an sRGB texture) by the sampler, so that the target's encoding
// gives egui's colours back.
@vertex
fn vs_srgb_target(in: VertexIn) -> VertexOut {
    var out = placed(in);
    out.colour = vec4<f32>(linear_from_srgb(in.colour.rgb), in.colour.a);
    return out;
}

// Over a target that stores what it is given, egui's colours go as they are.
@vertex
fn vs_plain_target(in: VertexIn) -> VertexOut {
    return placed(in);
}

// The atlas has one level: sampled at it, with no derivatives to work out.
@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
    return in.colour * textureSampleLevel(atlas, atlas_sampler, in.uv, 0.0);
}
