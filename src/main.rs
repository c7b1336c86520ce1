//! The binary: everything happens in the library; this maps it to an exit code.
//!
//! On Linux with glibc the binary brings its own C `main` (`no_main`) instead of Rust's
//! runtime start-up, which spends a fifth of a `rule 323.5` lookup's CPU time finding the
//! main thread's stack for its stack-overflow message: glibc's `pthread_getattr_np` reads
//! and parses `/proc/self/maps` (about 110,000 instructions and the kernel's work of
//! listing the mappings). What that start-up does that arbiter relies on is done here:
//! SIGPIPE is ignored, so a closed pipe is an `io::Error` the library turns into exit 0;
//! the arguments still come from `std::env::args_os` (glibc hands them to Rust's
//! `.init_array` hook); `process::exit` flushes standard output as a return from `main`
//! would. A stack overflow now ends with the plain SIGSEGV instead of Rust's message
//! (recursion in the engine is bounded by its depth limits). A panic (a bug: bad input is
//! an error, never a panic) is caught here as Rust's `main` would catch it: its message is
//! printed, destructors run (the REPL's terminal is restored) and the exit code is 101;
//! without a catch frame the unwinder found no handler above this C frame and aborted
//! ("failed to initiate panic"). The test harness (`cargo test` builds the binary's tests
//! too) keeps its own `main`.

#![cfg_attr(all(target_os = "linux", target_env = "gnu", not(test)), no_main)]

#[cfg(any(test, not(all(target_os = "linux", target_env = "gnu"))))]
fn main() {
    std::process::exit(arbiter::main_with_args(std::env::args_os()));
}

#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
#[unsafe(no_mangle)]
extern "C" fn main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
    // SAFETY: setting a signal's disposition to SIG_IGN before any thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    let code = std::panic::catch_unwind(|| arbiter::main_with_args(std::env::args_os()));
    std::process::exit(code.unwrap_or(101));
}
