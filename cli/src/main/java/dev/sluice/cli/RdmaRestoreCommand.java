package dev.sluice.cli;

import dev.sluice.rdmaproxy.net.NetdevException;
import dev.sluice.rdmaproxy.net.NetdevJournal;
import dev.sluice.rdmaproxy.net.NetdevMover;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/**
 * {@code sluice rdma restore}: brings back to the host, with their addresses, the netdevs that
 * sandboxes which ended without giving them back still hold (their runtime was killed half way, a
 * container was never deleted). Lists the netdevs that live sandboxes hold and leaves them.
 */
@Command(
        name = "restore",
        mixinStandardHelpOptions = true,
        description = {
            "Restore netdevs that ended sandboxes still hold (see --rdma-netdev and linux.netDevices):",
            "each goes back to the host's network namespace with its addresses, MTU, routes and Soft-RoCE links.",
            "Netdevs held by live sandboxes are listed and left alone."
        },
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:nothing left to restore", "1:a netdev could not be restored"})
final class RdmaRestoreCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        NetdevMover mover = NetdevMover.onHost();
        int failed = 0;
        int restored = 0;
        for (NetdevJournal j : NetdevJournal.all(NetdevMover.JOURNAL_DIR)) {
            if (j.ownerAlive()) {
                out.printf(
                        "%s: in %s as %s (pid 1: %d), left alone%n",
                        j.netdev(), j.sandbox(), j.inner(), j.ownerPid());
                continue;
            }
            try {
                mover.restore(j);
                restored++;
                out.printf(
                        "%s: restored from %s (%d address(es))%n",
                        j.netdev(), j.sandbox(), j.host().addresses().size());
            } catch (NetdevException e) {
                failed++;
                err.println("sluice: " + e.getMessage());
            }
        }
        if (restored == 0 && failed == 0) {
            out.println("no netdev to restore");
        }
        return failed == 0 ? 0 : 1;
    }
}
