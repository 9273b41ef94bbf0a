//! The fuzz target `wad` starts from the small WADs the tests write:
//! `fuzz/seeds/wad/` holds exactly [`builder::seeds`]. After changing the
//! builder, `WRITE_WAD_SEEDS=1 cargo test --test wad seeds` writes them.

use std::path::Path;

use crate::builder;

#[test]
fn the_fuzz_seeds_are_the_tests_small_wads() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/wad");
    let seeds = builder::seeds();
    if std::env::var_os("WRITE_WAD_SEEDS").is_some() {
        std::fs::create_dir_all(&folder).expect("create the seeds folder");
        for (name, bytes) in &seeds {
            std::fs::write(folder.join(name), bytes).expect("write a seed");
        }
    }
    let mut on_disk: Vec<String> = std::fs::read_dir(&folder)
        .expect("fuzz/seeds/wad exists")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    on_disk.sort();
    let mut names: Vec<String> = seeds.iter().map(|(name, _)| name.to_string()).collect();
    names.sort();
    assert_eq!(on_disk, names, "run with WRITE_WAD_SEEDS=1 to write them");
    for (name, bytes) in &seeds {
        let written = std::fs::read(folder.join(name)).expect("read a seed");
        assert!(
            &written == bytes,
            "fuzz/seeds/wad/{name} differs from the test's WAD: run with WRITE_WAD_SEEDS=1"
        );
    }
}
