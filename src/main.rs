//! The binary: everything happens in the library; this maps it to an exit code.

fn main() {
    std::process::exit(arbiter::main_with_args(std::env::args_os()));
}
