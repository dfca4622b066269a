# The reference side of the differential test: Shopify's Ruby Liquid (Debian's ruby-liquid, 5.4).
# Reads one JSON object per line on stdin: {"template": "...", "data": {...}, "partials": {...}}
# and answers one JSON object per line: {"output": "..."} or {"error": "ClassName: message"}.
# Parsing is in strict error mode; render errors raise (render!) instead of being written inline.
require 'json'
require 'liquid'

# Partials from the request itself (include and render look them up by name).
class MemoryFileSystem
  attr_accessor :files
  def initialize; @files = {}; end
  def read_template_file(name)
    raise Liquid::FileSystemError, "No such template '#{name}'" unless @files.key?(name)
    @files[name]
  end
end

FILES = MemoryFileSystem.new
Liquid::Template.file_system = FILES
Liquid::Template.error_mode = :strict
$stdout.sync = true

$stdin.each_line do |line|
  reply =
    begin
      req = JSON.parse(line)
      FILES.files = req['partials'] || {}
      template = Liquid::Template.parse(req['template'], error_mode: :strict, line_numbers: true)
      template.resource_limits.render_length_limit = 1 << 24
      template.resource_limits.render_score_limit = 1 << 24
      template.resource_limits.assign_score_limit = 1 << 24
      out = template.render!(req['data'] || {}, strict_filters: req['strict_filters'] ? true : false)
      out = out.to_s
      if out.valid_encoding?
        { 'output' => out }
      else
        { 'error' => 'InvalidOutput: the output is not valid UTF-8' }
      end
    rescue Exception => e  # rubocop:disable Lint/RescueException (SystemStackError, NoMemoryError)
      raise if e.is_a?(Interrupt) || e.is_a?(SignalException)
      { 'error' => "#{e.class}: #{e.message}"[0, 500].scrub }
    end
  begin
    $stdout.puts(JSON.generate(reply))
  rescue JSON::GeneratorError, Encoding::UndefinedConversionError => e
    $stdout.puts(JSON.generate({ 'error' => "InvalidOutput: #{e.class}" }))
  end
end
