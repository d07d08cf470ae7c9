package dev.sluice.oci.cgroup;

import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;
import dev.sluice.sentry.spi.CharDevice;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code linux.resources.devices}: the device cgroup's allow/deny list.
 *
 * <p><b>cgroup v1</b>: every device denied, then the list written to {@code devices.allow} / {@code
 * devices.deny} in order, then, as runc does, mknod of any node and the nodes every container needs
 * are allowed whatever the list said (null, zero, full, random, urandom, tty, console, ptmx and the
 * pty slaves), so {@code sluice-init} can make the {@code linux.devices} nodes from inside the
 * cgroup, and so can a workload that holds {@code CAP_MKNOD}; reading and writing a node stay as
 * the list says. Each {@code linux.devices} node also gets its own {@code m}.
 *
 * <p><b>cgroup v2</b> has no device files: its device controller is a BPF program, which Sluice
 * does not load. There the list is enforced by construction: the container's {@code /dev} holds
 * only the default nodes and {@code linux.devices}, {@code CAP_MKNOD} is dropped, bind mounts are
 * {@code nodev}, {@code devtmpfs} is refused, and mediated devices' ioctls pass the seccomp gate
 * (docs/oci.md). What construction cannot express, a node that exists but that the list forbids to
 * read or write, is refused at create rather than ignored.
 */
public final class DeviceRules {
    /**
     * runc's default allowed devices, appended after the config's rules (type major:minor access):
     * mknod of any node (opening it is what the rules decide), and the nodes every container needs.
     */
    static final List<String> ALWAYS =
            List.of(
                    "c *:* m",
                    "b *:* m",
                    "c 1:3 rwm",
                    "c 1:5 rwm",
                    "c 1:7 rwm",
                    "c 1:8 rwm",
                    "c 1:9 rwm",
                    "c 5:0 rwm",
                    "c 5:1 rwm",
                    "c 5:2 rwm",
                    "c 136:* rwm");

    private DeviceRules() {}

    /**
     * The v1 writes: every device denied first, as runc's list starts from nothing allowed (a
     * config with no rules, or with allow rules only, gets no more than they and runc's defaults
     * allow, never its parent cgroup's list), then the config's rules in order, runc's defaults and
     * {@code m} for each {@code linux.devices} node.
     */
    public static List<CgroupWrite> v1(Spec spec, String file) {
        List<Spec.DeviceRule> rules = rules(spec);
        List<CgroupWrite> out = new ArrayList<>();
        out.add(new CgroupWrite("linux.resources.devices", "devices", "devices.deny", "a", false));
        for (int i = 0; i < rules.size(); i++) {
            Spec.DeviceRule r = rules.get(i);
            out.add(
                    new CgroupWrite(
                            "linux.resources.devices[" + i + "]",
                            "devices",
                            Boolean.TRUE.equals(r.allow()) ? "devices.allow" : "devices.deny",
                            entry(r),
                            false));
        }
        for (String a : ALWAYS) {
            out.add(
                    new CgroupWrite(
                            "linux.resources.devices", "devices", "devices.allow", a, false));
        }
        List<Spec.Device> devices = spec.linux().devices();
        for (int i = 0; i < devices.size(); i++) {
            Spec.Device d = devices.get(i);
            if (d.type().equals("p")) {
                continue; // a fifo is no device of the device cgroup's
            }
            out.add(
                    new CgroupWrite(
                            "linux.devices[" + i + "]",
                            "devices",
                            "devices.allow",
                            type(d.type()) + " " + d.major() + ":" + d.minor() + " m",
                            false));
        }
        return out;
    }

    /**
     * The char devices the config's rules let the container open (an allow rule with {@code r} or
     * {@code w}, of type {@code c} or {@code a}), {@link CharDevice#ANY} for a {@code *}: what a
     * process holding {@code CAP_MKNOD} could make a node of and use, beyond runc's defaults.
     */
    public static List<CharDevice> opened(Spec spec) {
        List<CharDevice> out = new ArrayList<>();
        for (Spec.DeviceRule r : rules(spec)) {
            String t = r.type() == null ? "a" : r.type();
            String access = access(r);
            if (Boolean.TRUE.equals(r.allow())
                    && (t.equals("a") || t.equals("c"))
                    && (access.indexOf('r') >= 0 || access.indexOf('w') >= 0)) {
                CharDevice d = new CharDevice(any(r.major()), any(r.minor()));
                if (!out.contains(d)) {
                    out.add(d);
                }
            }
        }
        return out;
    }

    private static int any(Long n) {
        return n == null || n == -1 ? CharDevice.ANY : n.intValue();
    }

    /**
     * On v2: refuses a {@code linux.devices} node that the rules forbid to read or write, which
     * Sluice could not enforce there.
     */
    public static void checkV2(Spec spec, String file) {
        List<Spec.DeviceRule> rules = rules(spec);
        if (rules.isEmpty()) {
            return;
        }
        List<Spec.Device> devices = spec.linux().devices();
        for (Spec.Device d : devices) {
            if (d.type().equals("p")) {
                continue;
            }
            for (char access : new char[] {'r', 'w'}) {
                int decided = decidingRule(rules, type(d.type()), d.major(), d.minor(), access);
                if (decided >= 0 && !Boolean.TRUE.equals(rules.get(decided).allow())) {
                    throw new SpecException(
                            file,
                            "linux.resources.devices[" + decided + "]",
                            "denies '"
                                    + access
                                    + "' on "
                                    + d.path()
                                    + " ("
                                    + type(d.type())
                                    + " "
                                    + d.major()
                                    + ":"
                                    + d.minor()
                                    + "), which sluice cannot"
                                    + " enforce on cgroup v2 (no device controller): allow it, or leave the node out of linux.devices");
                }
            }
        }
    }

    /** The index of the last rule that matches the device and names {@code access}; -1 for none. */
    static int decidingRule(
            List<Spec.DeviceRule> rules, String type, long major, long minor, char access) {
        int found = -1;
        for (int i = 0; i < rules.size(); i++) {
            Spec.DeviceRule r = rules.get(i);
            String t = r.type() == null ? "a" : r.type();
            boolean matches =
                    (t.equals("a") || t.equals(type))
                            && (r.major() == null || r.major() == -1 || r.major() == major)
                            && (r.minor() == null || r.minor() == -1 || r.minor() == minor);
            if (matches && access(r).indexOf(access) >= 0) {
                found = i;
            }
        }
        return found;
    }

    /** {@code c 1:3 rwm}, with {@code *} for an absent or -1 number; access defaults to rwm. */
    static String entry(Spec.DeviceRule r) {
        String t = r.type() == null ? "a" : r.type();
        return t + " " + number(r.major()) + ":" + number(r.minor()) + " " + access(r);
    }

    private static String access(Spec.DeviceRule r) {
        return r.access() == null || r.access().isEmpty() ? "rwm" : r.access();
    }

    private static String number(Long n) {
        return n == null || n == -1 ? "*" : Long.toString(n);
    }

    /** linux.devices' {@code u} (unbuffered char) is a char device to the kernel. */
    private static String type(String t) {
        return t.equals("u") ? "c" : t;
    }

    private static List<Spec.DeviceRule> rules(Spec spec) {
        return spec.linux() == null || spec.linux().resources() == null
                ? List.of()
                : spec.linux().resources().devices();
    }
}
