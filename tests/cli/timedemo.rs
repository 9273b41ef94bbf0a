//! `mazewalker play FILE --timedemo`: renders every tick offscreen and prints
//! one line of figures on stdout. Needs an adapter (Mesa's llvmpipe will
//! do): skips with a message without one, fails instead when
//! `MAZEWALKER_REQUIRE_GPU=1`.

use crate::common;

use std::path::Path;
use std::process::Command;

#[test]
fn a_timedemo_prints_the_one_line_of_figures() {
    if common::gpu_or_skip("a_timedemo_prints_the_one_line_of_figures").is_none() {
        return;
    }
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/demos/house.demo");
    let output = Command::new(env!("CARGO_BIN_EXE_mazewalker"))
        .args(["play", demo.to_str().expect("path"), "--timedemo"])
        .args(["--size", "160x90", "--quality", "fast"])
        .output()
        .expect("run mazewalker");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    // `N frames in S s: F fps, mean M ms, p99 P ms, peak R MB`, nothing else.
    let line = stdout.strip_suffix('\n').expect("one line");
    assert!(
        !line.contains('\n'),
        "stdout holds only the figures: {stdout:?}"
    );
    let words: Vec<&str> = line.split(' ').collect();
    let [
        frames,
        "frames",
        "in",
        seconds,
        "s:",
        fps,
        "fps,",
        "mean",
        mean,
        "ms,",
        "p99",
        p99,
        "ms,",
        "peak",
        peak,
        "MB",
    ] = words[..]
    else {
        panic!("not the contract's line: {line:?}");
    };
    assert_eq!(frames, "600", "one frame per tick of the demo");
    let number = |text: &str| text.parse::<f64>().expect("a number");
    let (seconds, fps, mean, p99) = (number(seconds), number(fps), number(mean), number(p99));
    assert!(seconds > 0.0 && fps > 0.0 && mean > 0.0, "{line}");
    assert!((fps - 600.0 / seconds).abs() / fps < 0.02, "{line}");
    assert!(p99 >= mean * 0.5, "{line}");
    if cfg!(target_os = "linux") {
        assert!(number(peak) > 0.0, "{line}");
    }
}
