//! Where the config file is: `--config PATH`, else `MAZEWALKER_CONFIG`, else
//! `mazewalker/config.toml` in the platform's config folder (the XDG config
//! home on Linux). The choice is a pure function so it can be tested without
//! touching the environment.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// The environment variable that names the config file when `--config` is
/// not given.
pub const CONFIG_ENV: &str = "MAZEWALKER_CONFIG";

/// The file name inside the platform's config folder.
pub const CONFIG_FILE_NAME: &str = "config.toml";

/// The config file to read: the `--config` flag wins, then the environment
/// variable (when set and not empty), then `config_dir/config.toml`. `None`
/// when none is known (no home directory): the defaults apply.
pub fn resolve_config_path(
    flag: Option<&Path>,
    env: Option<&OsStr>,
    config_dir: Option<&Path>,
) -> Option<PathBuf> {
    flag.map(Path::to_path_buf)
        .or_else(|| env.filter(|value| !value.is_empty()).map(PathBuf::from))
        .or_else(|| config_dir.map(|dir| dir.join(CONFIG_FILE_NAME)))
}

/// [`resolve_config_path`] with this process's environment and the
/// platform's config folder for mazewalker.
pub fn config_path(flag: Option<&Path>) -> Option<PathBuf> {
    let env = std::env::var_os(CONFIG_ENV);
    let dirs = directories::ProjectDirs::from("", "", "mazewalker");
    resolve_config_path(
        flag,
        env.as_deref(),
        dirs.as_ref().map(directories::ProjectDirs::config_dir),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_wins_then_the_environment_then_the_config_folder() {
        let flag = Path::new("/flag.toml");
        let env = OsStr::new("/env.toml");
        let dir = Path::new("/home/me/.config/mazewalker");
        assert_eq!(
            resolve_config_path(Some(flag), Some(env), Some(dir)),
            Some(PathBuf::from("/flag.toml"))
        );
        assert_eq!(
            resolve_config_path(None, Some(env), Some(dir)),
            Some(PathBuf::from("/env.toml"))
        );
        assert_eq!(
            resolve_config_path(None, None, Some(dir)),
            Some(PathBuf::from("/home/me/.config/mazewalker/config.toml"))
        );
        assert_eq!(
            resolve_config_path(None, Some(OsStr::new("")), Some(dir)),
            Some(PathBuf::from("/home/me/.config/mazewalker/config.toml"))
        );
        assert_eq!(resolve_config_path(None, None, None), None);
    }
}
