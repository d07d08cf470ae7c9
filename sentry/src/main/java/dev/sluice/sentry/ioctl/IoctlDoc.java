package dev.sluice.sentry.ioctl;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Ioctl;

import java.util.List;

/**
 * Renders ioctl tables as the Markdown of docs/ioctls.md, so the document is generated from the
 * same rows the sentry dispatches on ({@code sluice ioctls > docs/ioctls.md}) and a test keeps the
 * two in step.
 */
public final class IoctlDoc {
    private IoctlDoc() {}

    public static String markdown(List<IoctlTable> tables) {
        StringBuilder b = new StringBuilder();
        b.append("# Supported ioctls\n\n")
                .append(
                        "Generated from the proxies' tables by `bin/sluice ioctls`; do not edit by hand.\n")
                .append(
                        "Every request a table does not list is denied. docs/security-model.md says what each\n")
                .append("disposition guarantees.\n");
        for (IoctlTable t : tables) {
            b.append("\n## ").append(t.proxy()).append("\n\n");
            b.append("Unknown requests: DENY with ")
                    .append(Errno.name(t.unknownErrno()))
                    .append(
                            "; a known request with another size or direction: DENY with EINVAL.\n\n");
            b.append("| request | name | disposition | params (bytes) |\n|---|---|---|---|\n");
            for (IoctlEntry e : t.entries()) {
                b.append("| `")
                        .append(Ioctl.hex(e.cmd()))
                        .append("` | `")
                        .append(e.name())
                        .append("` | ")
                        .append(e.disposition())
                        .append(" | ")
                        .append(e.paramSize() < 0 ? "-" : Integer.toString(e.paramSize()))
                        .append(" |\n");
            }
            List<Integer> denied = t.knownNames().keySet().stream().sorted().toList();
            if (!denied.isEmpty()) {
                b.append("\nKnown but denied: ");
                for (int i = 0; i < denied.size(); i++) {
                    b.append(i == 0 ? "" : ", ")
                            .append('`')
                            .append(t.name(denied.get(i)))
                            .append("` (`")
                            .append(Ioctl.hex(denied.get(i)))
                            .append("`)");
                }
                b.append(".\n");
            }
        }
        return b.toString();
    }
}
