// HUD and help text: screen-space quads in pixels, sampling a bitmap font
// atlas with nearest filtering so glyphs stay crisp at every whole-pixel scale.

struct Screen {
    // xy: the target size in pixels.
    size: vec4<f32>,
};

@group(0) @binding(0) var<uniform> screen: Screen;
@group(0) @binding(1) var atlas: texture_2d<f32>;
@group(0) @binding(2) var atlas_sampler: sampler;

struct VertexIn {
    // Pixels from the top-left corner.
    @location(0) position: vec2<f32>,
    // Atlas coordinates, 0..1.
    @location(1) uv: vec2<f32>,
    @location(2) colour: vec4<f32>,
};

struct VertexOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) uv: vec2<f32>,
    @location(1) colour: vec4<f32>,
};

@vertex
fn vs_main(in: VertexIn) -> VertexOut {
    var out: VertexOut;
    let ndc = vec2<f32>(
        in.position.x / screen.size.x * 2.0 - 1.0,
        1.0 - in.position.y / screen.size.y * 2.0,
    );
    out.clip = vec4<f32>(ndc, 0.0, 1.0);
    out.uv = in.uv;
    out.colour = in.colour;
    return out;
}

@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
    let coverage = textureSample(atlas, atlas_sampler, in.uv).r;
    return vec4<f32>(in.colour.rgb, in.colour.a * coverage);
}
