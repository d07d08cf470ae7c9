package dev.sluice.oci.cdi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.sluice.sentry.nativeio.StatLayout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Makes CDI container edits to an OCI config ({@code config.json} as a JSON tree), as the CDI
 * reference implementation makes them for podman, containerd and docker:
 *
 * <ul>
 *   <li>{@code env}: a name the config has is replaced in place, a new one appended;
 *   <li>{@code deviceNodes}: a {@code linux.devices} entry (replacing one at the same path), its
 *       type, numbers and mode taken from the host node where the spec leaves them out; and, unless
 *       its permissions are {@code none}, an allow rule in {@code linux.resources.devices} with
 *       them ({@code rwm} when empty);
 *   <li>{@code mounts}: an OCI mount (replacing one at the same destination); then every mount is
 *       sorted by the depth of its destination, stably, so that a parent is mounted before what is
 *       mounted under it;
 *   <li>{@code hooks}: appended to {@code hooks.<hookName>};
 *   <li>{@code additionalGids}: added to {@code process.user.additionalGids}, 0 and repeats left
 *       out.
 * </ul>
 *
 * The edited tree is then read and validated like any config.json. What the edits grant is not
 * decided here: a device node of a mediated device gets its proxy as any {@code linux.devices} node
 * does, and one no proxy mediates is the config's own (docs/oci.md, GPU containers).
 */
public final class OciEdits {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private OciEdits() {}

    /**
     * Makes {@code edits} to {@code config}, in order.
     *
     * @throws IllegalArgumentException naming a device node that is missing or not a device
     */
    public static void apply(ObjectNode config, List<CdiSpec.ContainerEdits> edits) {
        for (CdiSpec.ContainerEdits e : edits) {
            e.env().forEach(v -> env(config, v));
            e.deviceNodes().forEach(n -> device(config, n));
            e.mounts().forEach(m -> mount(config, m));
            e.hooks().forEach(h -> hook(config, h));
            e.additionalGids().forEach(g -> gid(config, g));
        }
        sortMounts(config);
    }

    /** Sets {@code NAME=VALUE} in the process's env: in place of the name's entry, else added. */
    public static void env(ObjectNode config, String nameValue) {
        ArrayNode env = array(object(config, "process"), "env");
        String name = nameValue.substring(0, nameValue.indexOf('=') + 1);
        for (int i = 0; i < env.size(); i++) {
            if (env.get(i).asText().startsWith(name)) {
                env.set(i, F.textNode(nameValue));
                return;
            }
        }
        env.add(nameValue);
    }

    static void device(ObjectNode config, CdiSpec.DeviceNode n) {
        HostNode host = HostNode.of(Path.of(n.host()), n);
        ObjectNode linux = object(config, "linux");
        ArrayNode devices = array(linux, "devices");
        ObjectNode d = F.objectNode();
        d.put("path", n.path());
        d.put("type", host.type());
        d.put("major", host.major());
        d.put("minor", host.minor());
        if (host.fileMode() != null) {
            d.put("fileMode", host.fileMode());
        }
        if (n.uid() != null) {
            d.put("uid", n.uid());
        }
        if (n.gid() != null) {
            d.put("gid", n.gid());
        }
        replace(devices, "path", n.path(), d);
        String perms =
                n.permissions() == null || n.permissions().isEmpty() ? "rwm" : n.permissions();
        if (!perms.equals("none") && !host.type().equals("p")) {
            ObjectNode rule = F.objectNode();
            rule.put("allow", true);
            rule.put("type", host.type().equals("u") ? "c" : host.type());
            rule.put("major", host.major());
            rule.put("minor", host.minor());
            rule.put("access", perms);
            array(object(linux, "resources"), "devices").add(rule);
        }
    }

    static void mount(ObjectNode config, CdiSpec.Mount m) {
        ObjectNode o = F.objectNode();
        o.put("destination", m.containerPath());
        o.put("source", m.hostPath());
        if (m.type() != null && !m.type().isEmpty()) {
            o.put("type", m.type());
        }
        ArrayNode opts = o.putArray("options");
        m.options().forEach(opts::add);
        replace(array(config, "mounts"), "destination", m.containerPath(), o);
    }

    static void hook(ObjectNode config, CdiSpec.Hook h) {
        ObjectNode o = F.objectNode();
        o.put("path", h.path());
        if (!h.args().isEmpty()) {
            ArrayNode a = o.putArray("args");
            h.args().forEach(a::add);
        }
        if (!h.env().isEmpty()) {
            ArrayNode a = o.putArray("env");
            h.env().forEach(a::add);
        }
        if (h.timeout() != null) {
            o.put("timeout", h.timeout());
        }
        array(object(config, "hooks"), h.hookName()).add(o);
    }

    static void gid(ObjectNode config, Long gid) {
        if (gid == 0) {
            return;
        }
        ArrayNode gids = array(object(object(config, "process"), "user"), "additionalGids");
        for (JsonNode g : gids) {
            if (g.asLong() == gid) {
                return;
            }
        }
        gids.add(gid);
    }

    /** Mounts by the depth of their destination, stably (CDI's order). */
    static void sortMounts(ObjectNode config) {
        if (!config.has("mounts") || !config.get("mounts").isArray()) {
            return;
        }
        List<JsonNode> all = new ArrayList<>();
        config.get("mounts").forEach(all::add);
        all.sort(Comparator.comparingInt(m -> depth(m.path("destination").asText())));
        ArrayNode sorted = config.putArray("mounts");
        all.forEach(sorted::add);
    }

    static int depth(String path) {
        int n = 0;
        for (String part : Path.of(path).normalize().toString().split("/")) {
            if (!part.isEmpty()) {
                n++;
            }
        }
        return n;
    }

    private static void replace(ArrayNode list, String key, String value, ObjectNode with) {
        for (int i = 0; i < list.size(); i++) {
            if (value.equals(list.get(i).path(key).asText(null))) {
                list.set(i, with);
                return;
            }
        }
        list.add(with);
    }

    private static ObjectNode object(ObjectNode parent, String name) {
        JsonNode n = parent.get(name);
        if (n instanceof ObjectNode o) {
            return o;
        }
        return parent.putObject(name);
    }

    private static ArrayNode array(ObjectNode parent, String name) {
        JsonNode n = parent.get(name);
        if (n instanceof ArrayNode a) {
            return a;
        }
        return parent.putArray(name);
    }

    /** A device node's type, numbers and mode: the spec's, else the host node's. */
    record HostNode(String type, long major, long minor, Long fileMode) {
        static HostNode of(Path host, CdiSpec.DeviceNode n) {
            if (n.type() != null && n.major() != null && n.minor() != null) {
                return new HostNode(n.type(), n.major(), n.minor(), n.fileMode());
            }
            int mode;
            long rdev;
            try {
                mode = (Integer) Files.getAttribute(host, "unix:mode", LinkOption.NOFOLLOW_LINKS);
                rdev = (Long) Files.getAttribute(host, "unix:rdev", LinkOption.NOFOLLOW_LINKS);
            } catch (IOException | UnsupportedOperationException e) {
                throw new IllegalArgumentException(
                        "CDI device node "
                                + n.path()
                                + ": cannot stat "
                                + host
                                + ": "
                                + e.getMessage(),
                        e);
            }
            int fmt = mode & 0170000;
            String type =
                    switch (fmt) {
                        case 0020000 -> "c";
                        case 0060000 -> "b";
                        case 0010000 -> "p";
                        default ->
                                throw new IllegalArgumentException(
                                        "CDI device node "
                                                + n.path()
                                                + ": "
                                                + host
                                                + " is not a device node");
                    };
            long major = StatLayout.major(rdev);
            long minor = StatLayout.minor(rdev);
            return new HostNode(
                    n.type() != null ? n.type() : type,
                    n.major() != null ? n.major() : major,
                    n.minor() != null ? n.minor() : minor,
                    n.fileMode() != null ? n.fileMode() : (long) (mode & 07777));
        }
    }
}
