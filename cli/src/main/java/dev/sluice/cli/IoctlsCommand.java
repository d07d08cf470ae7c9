package dev.sluice.cli;

import dev.sluice.sentry.ioctl.IoctlDoc;
import dev.sluice.sentry.ioctl.IoctlTable;
import dev.sluice.sentry.ioctl.IoctlTableSource;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code sluice ioctls}: every installed proxy's ioctl table as Markdown (docs/ioctls.md). */
@Command(
        name = "ioctls",
        mixinStandardHelpOptions = true,
        description =
                "Print the supported ioctls of every installed proxy as Markdown (the source of docs/ioctls.md).")
final class IoctlsCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    static String render() {
        List<IoctlTable> tables = new ArrayList<>();
        StringBuilder more = new StringBuilder();
        Installation.providers()
                .forEach(
                        p -> {
                            if (p instanceof IoctlTableSource source) {
                                tables.addAll(source.tables());
                            }
                            String d = p.docs();
                            if (!d.isEmpty()) {
                                more.append('\n').append(d);
                            }
                        });
        return IoctlDoc.markdown(tables) + more;
    }

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(render());
        spec.commandLine().getOut().flush();
        return 0;
    }
}
