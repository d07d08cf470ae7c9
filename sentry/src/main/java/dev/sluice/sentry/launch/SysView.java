package dev.sluice.sentry.launch;

import java.util.List;
import java.util.Set;

/**
 * What a sandbox on the host's root sees of the host's device information outside {@code /dev}:
 * {@code /sys/class} directories shown filtered, and netlink protocols it cannot open. A proxy that
 * grants devices of a class computes it (RDMAProxy: only the granted RDMA devices), so that
 * libraries that enumerate devices find the granted ones and nothing else.
 *
 * @param classes {@code /sys/class/NAME} directories to filter
 * @param refusedNetlink {@code NETLINK_*} protocols whose sockets fail with EPROTONOSUPPORT, as on
 *     a kernel without them: they would list what the filtered classes hide
 */
public record SysView(List<SysClass> classes, Set<Integer> refusedNetlink) {
    /** Nothing filtered: the host's /sys as it is. */
    public static final SysView NONE = new SysView(List.of(), Set.of());

    public SysView {
        classes = List.copyOf(classes);
        refusedNetlink = Set.copyOf(refusedNetlink);
    }

    public boolean isEmpty() {
        return classes.isEmpty() && refusedNetlink.isEmpty();
    }

    /**
     * {@code /sys/class/NAME} shown with only the entries (device links) named in {@code keep}, and
     * the class's own attribute files ({@code abi_version}). The devices' directories under {@code
     * /sys/devices} that the links point to are filtered the same way.
     */
    public record SysClass(String name, Set<String> keep) {
        public SysClass {
            if (name.isEmpty() || name.contains("/") || name.startsWith(".")) {
                throw new IllegalArgumentException("not a /sys/class name: '" + name + "'");
            }
            keep = Set.copyOf(keep);
        }
    }
}
