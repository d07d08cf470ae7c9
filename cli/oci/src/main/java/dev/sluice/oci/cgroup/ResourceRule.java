package dev.sluice.oci.cgroup;

import java.util.List;

/**
 * One row of {@link ResourceTable}: the {@code linux.resources} fields it reads, the control file
 * it writes and how the value is converted.
 *
 * @param fields the fields it reads, relative to {@code linux.resources} ({@code memory.limit});
 *     the first is the one named in errors
 * @param controller the controller the file belongs to (see {@link CgroupWrite#controller})
 * @param file the control file
 * @param converter the value to write, or null when the fields ask for nothing
 * @param optional the kernel may lack the file (see {@link CgroupWrite#optional})
 */
public record ResourceRule(
        List<String> fields,
        String controller,
        String file,
        Converter converter,
        boolean optional) {

    /** Turns the fields' values into the file's text; null: nothing to write. */
    @FunctionalInterface
    public interface Converter {
        String convert(ResourceValues v, String field);
    }

    /** The field errors name. */
    public String field() {
        return fields.get(0);
    }

    /** The write for these values, or null. */
    CgroupWrite write(ResourceValues v) {
        String value = converter.convert(v, field());
        return value == null
                ? null
                : new CgroupWrite("linux.resources." + field(), controller, file, value, optional);
    }
}
