package dev.sluice.cli;

import picocli.CommandLine.Command;

/** {@code sluice bench ...}: benchmarks that print figures and ratios against a baseline. */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = "Benchmarks that compare the sentry with a baseline in the same run.",
        subcommands = {
            TrapBenchCommand.class,
            LifecycleBenchCommand.class,
            StartupBenchCommand.class,
            SoakBenchCommand.class,
            FootprintBenchCommand.class
        })
final class BenchCommand {}
