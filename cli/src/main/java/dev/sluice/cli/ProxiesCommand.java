package dev.sluice.cli;

import dev.sluice.sentry.spi.DeviceProxyProvider;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code sluice proxies}: the device proxies this build has, found with ServiceLoader. */
@Command(
        name = "proxies",
        mixinStandardHelpOptions = true,
        description = "List the installed device proxies.")
final class ProxiesCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        for (DeviceProxyProvider p : Installation.providers()) {
            spec.commandLine().getOut().printf("%-10s %s%n", p.name(), p.description());
        }
        return 0;
    }
}
