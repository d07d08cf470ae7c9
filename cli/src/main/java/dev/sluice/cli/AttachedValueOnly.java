package dev.sluice.cli;

import picocli.CommandLine.IParameterPreprocessor;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

import java.util.Map;
import java.util.Stack;

/**
 * For an option with an optional value ({@code arity = "0..1"}, such as {@code
 * --rdma-generic[=force]}): only a value attached with {@code =} is the option's. A separate
 * argument after it is left alone, so that {@code sluice run --rdma-generic ibv_devinfo} runs
 * {@code ibv_devinfo} instead of taking it for the value; the option then gets its fallback value.
 */
final class AttachedValueOnly implements IParameterPreprocessor {
    @Override
    public boolean preprocess(
            Stack<String> args,
            CommandSpec commandSpec,
            ArgSpec argSpec,
            Map<String, Object> info) {
        // picocli reports how the value was separated from the option: "=" when attached, " " when
        // it would come from the next argument.
        if (!"=".equals(info.get("separator"))) {
            args.push(((picocli.CommandLine.Model.OptionSpec) argSpec).fallbackValue());
        }
        return false;
    }
}
