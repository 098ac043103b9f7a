//! One module per subcommand; each reads its inputs and runs a batch.

pub mod bench;
pub mod check;
pub mod count;
pub mod explain;
pub mod generate;
pub mod grade;
pub mod hint;
pub mod human;
pub mod print;
pub mod solve;
pub mod techniques;
pub mod trace;

use crate::cli::Command;
use std::process::ExitCode;

/// Runs the chosen subcommand.
pub fn run(command: &Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Solve(args) => solve::run(args),
        Command::Count(args) => count::run(args),
        Command::Check(args) => check::run(args),
        Command::Trace(args) => trace::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Hint(args) => hint::run(args),
        Command::Grade(args) => grade::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Techniques(args) => techniques::run(args),
        Command::Print(args) => print::run(args),
    }
}
