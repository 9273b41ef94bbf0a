// The top-down map: flat-coloured lines and triangles on the floor plan,
// seen through an orthographic camera, blended by their alpha times the
// map's opacity (translucent over the 3D view, opaque in the full map).

struct MapGlobals {
    view_proj: mat4x4<f32>,
    // x: the opacity the colours' alpha is multiplied by.
    opacity: vec4<f32>,
};

@group(0) @binding(0) var<uniform> map: MapGlobals;

struct MapIn {
    @location(0) position: vec3<f32>,
    @location(1) colour: vec4<f32>,
};

struct MapOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) colour: vec4<f32>,
};

@vertex
fn vs_map(in: MapIn) -> MapOut {
    var out: MapOut;
    out.clip = map.view_proj * vec4<f32>(in.position, 1.0);
    out.colour = vec4<f32>(in.colour.rgb, in.colour.a * map.opacity.x);
    return out;
}

@fragment
fn fs_map(in: MapOut) -> @location(0) vec4<f32> {
    return in.colour;
}
